/** 配件信息 (admin, not in create mode): one drone's parts; the total is unit price × count, never typed. */
import { HTMLTable } from '@blueprintjs/core';
import { partLabors, partQualities } from '@feibao/domain/claims/catalogue';
import { AddButton, NumberInput, RemoveButton, Select, TextInput, choiceOptions, patchRow } from './controls.tsx';
import { emptyPart, partTotal, type PartRow } from './reportForm.ts';

type Props = { droneKey: string; parts: PartRow[]; onChange: (fn: (parts: PartRow[]) => PartRow[]) => void };

export const PartsTable = ({ droneKey, parts, onChange }: Props) => {
  const set = (key: string, patch: Partial<PartRow>) => onChange((list) => patchRow(list, key, patch));
  const total = parts.reduce((sum, p) => sum + (partTotal(p) ?? 0), 0);
  return (
    <div className="fb-report-parts" data-testid={`parts-${droneKey}`}>
      <div className="fb-insure-section-head">
        <h3 className="fb-form-section">配件信息</h3>
        <AddButton text="添加配件" testId="parts-add" onClick={() => onChange((list) => [...list, emptyPart()])} />
      </div>
      <div className="fb-table-scroll">
        <HTMLTable compact striped className="fb-table fb-report-parts-table">
          <thead>
            <tr>
              <th>配件编码</th>
              <th>配件名称</th>
              <th>原厂名称</th>
              <th>工时类型</th>
              <th>单价（元）</th>
              <th>数量</th>
              <th>合计（元）</th>
              <th>配件品质</th>
              <th aria-label="操作" />
            </tr>
          </thead>
          <tbody>
            {parts.length === 0 && (
              <tr>
                <td colSpan={9} className="fb-muted">
                  暂无数据
                </td>
              </tr>
            )}
            {parts.map((part, i) => {
              const id = `${droneKey}-part-${i}`;
              const rowTotal = partTotal(part);
              return (
                <tr key={part.key} data-testid="part-row">
                  <td>
                    <TextInput
                      id={`${id}-code`}
                      value={part.partCode}
                      maxLength={50}
                      onChange={(v) => set(part.key, { partCode: v })}
                    />
                  </td>
                  <td>
                    <TextInput
                      id={`${id}-name`}
                      value={part.partName}
                      maxLength={50}
                      onChange={(v) => set(part.key, { partName: v })}
                    />
                  </td>
                  <td>
                    <TextInput
                      id={`${id}-original`}
                      value={part.partNameOriginal}
                      maxLength={50}
                      onChange={(v) => set(part.key, { partNameOriginal: v })}
                    />
                  </td>
                  <td>
                    <Select
                      id={`${id}-labor`}
                      value={part.partLabor}
                      options={choiceOptions(partLabors)}
                      onChange={(v) => set(part.key, { partLabor: v })}
                    />
                  </td>
                  <td>
                    <NumberInput
                      decimal
                      id={`${id}-price`}
                      value={part.partUnitPrice}
                      onChange={(v) => set(part.key, { partUnitPrice: v })}
                    />
                  </td>
                  <td>
                    <NumberInput
                      id={`${id}-count`}
                      value={part.partCount}
                      onChange={(v) => set(part.key, { partCount: v })}
                    />
                  </td>
                  <td className="fb-report-part-total" data-testid="part-total">
                    {rowTotal === null ? '—' : rowTotal.toFixed(2)}
                  </td>
                  <td>
                    <Select
                      id={`${id}-quality`}
                      value={part.partQuality}
                      options={choiceOptions(partQualities)}
                      onChange={(v) => set(part.key, { partQuality: v })}
                    />
                  </td>
                  <td>
                    <RemoveButton
                      label="删除配件"
                      testId="part-remove"
                      onClick={() => onChange((list) => list.filter((x) => x.key !== part.key))}
                    />
                  </td>
                </tr>
              );
            })}
          </tbody>
          {parts.length > 0 && (
            <tfoot>
              <tr className="fb-total-row">
                <td colSpan={6}>配件合计</td>
                <td data-testid="parts-total">{total.toFixed(2)}</td>
                <td colSpan={2} />
              </tr>
            </tfoot>
          )}
        </HTMLTable>
      </div>
    </div>
  );
};
