import { useState } from 'react';
import { Card, FormGroup, InputGroup, Switch, Tag } from '@blueprintjs/core';
import { insuranceTypes, visibleInsurers, type InsuranceType, type Insurer } from '@feibao/domain/ordering/catalogue';
import { rulesRequest } from '../api/client.ts';
import { notify } from '../api/notify.ts';
import { Loaded, RulesScreen } from '../review/Screen.tsx';
import { saveConfig, useEngineConfig, withEntry } from './api.ts';
import { limitBody, limitCell, limitDraftOf, type LimitDraft, type LimitEntry } from './model.ts';
import { ReasonDialog } from '../../shared/ReasonDialog.tsx';
import { useForm } from '../../shared/form.tsx';
import './stages.css';

type Cell = { insurer: Insurer; cover: InsuranceType; entry: LimitEntry | undefined };

/** 险种启用限制: which insurer offers which cover and within what bounds (checked by the 限额 stage at inquiry). */
export const LimitsPage = () => {
  const { data, error, mutate } = useEngineConfig('insuranceLimit');
  const [editing, setEditing] = useState<Cell | null>(null);
  return (
    <RulesScreen route="insuranceEnableLimit" testId="rules-limits">
      <p className="rp-muted">
        未设置的组合不受限制。未开办的险种询价时该保险公司直接拒保；保额、无人机单价或起飞重量超出范围时同样拒保。点击单元格修改。
      </p>
      <Loaded data={data} error={error} retry={() => void mutate()}>
        {(entries) => {
          const byCode = new Map(entries.map((e) => [e.code, e]));
          return (
            <Card className="rp-limits-card">
              <div className="rp-limits-scroll">
                <table className="bp6-html-table bp6-compact rp-limits-grid" data-testid="rules-limits-grid">
                  <thead>
                    <tr>
                      <th>保险公司</th>
                      {insuranceTypes.map((t) => (
                        <th key={t.id}>{t.name}</th>
                      ))}
                    </tr>
                  </thead>
                  <tbody>
                    {visibleInsurers.map((insurer) => (
                      <tr key={insurer.id}>
                        <th>{insurer.name}</th>
                        {insuranceTypes.map((cover) => {
                          const entry = byCode.get(`${insurer.id}-${cover.id}`);
                          const cell = limitCell(entry);
                          return (
                            <td key={cover.id}>
                              <button
                                type="button"
                                className="rp-limit-cell"
                                data-testid="rules-limit-cell"
                                data-code={`${insurer.id}-${cover.id}`}
                                aria-label={`${insurer.name} ${cover.name}：${cell.text}`}
                                onClick={() => setEditing({ insurer, cover, entry })}
                              >
                                <Tag minimal intent={cell.offered ? 'success' : 'danger'}>
                                  {cell.text}
                                </Tag>
                                {cell.bounds.map((b) => (
                                  <span key={b} className="rp-limit-bound">
                                    {b}
                                  </span>
                                ))}
                                {cell.note && <span className="rp-limit-bound rp-muted">{cell.note}</span>}
                              </button>
                            </td>
                          );
                        })}
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            </Card>
          );
        }}
      </Loaded>
      {editing && (
        <LimitDialog
          cell={editing}
          onClose={() => setEditing(null)}
          onSaved={(e) => void mutate((list) => withEntry(list, e), { revalidate: false })}
        />
      )}
    </RulesScreen>
  );
};

const bounds = [
  { key: 'minAmount', label: '最低保额（万元）' },
  { key: 'maxAmount', label: '最高保额（万元）' },
  { key: 'maxDronePrice', label: '无人机单价上限（元）' },
  { key: 'maxTakeoffKg', label: '最大起飞重量上限（kg）' },
] as const;

const LimitDialog = ({
  cell,
  onClose,
  onSaved,
}: {
  cell: Cell;
  onClose: () => void;
  onSaved: (entry: LimitEntry) => void;
}) => {
  const { insurer, cover, entry } = cell;
  const { values: draft, set } = useForm<LimitDraft>(limitDraftOf(entry));
  const checked = limitBody(insurer.id, cover.id, { ...draft, reason: 'x' });
  return (
    <ReasonDialog
      look="rules"
      title={`${insurer.name} · ${cover.name}`}
      problem={checked.ok ? null : checked.message}
      onClose={onClose}
      run={async (reason) => {
        const built = limitBody(insurer.id, cover.id, { ...draft, reason });
        if (!built.ok) throw new Error(built.message);
        let saved = await saveConfig(entry !== undefined, { ...built.body, kind: 'insuranceLimit' });
        // A stopped entry limits nothing: saving it means it should apply again.
        if (entry && !entry.enabled)
          saved = await rulesRequest<LimitEntry>('/api/v1/rules/config/enable', {
            body: { kind: 'insuranceLimit', code: entry.code, reason },
          });
        onSaved(saved);
        notify.success('已保存');
      }}
    >
      <Switch
        checked={draft.offered}
        label={draft.offered ? '开办' : '未开办'}
        onChange={(e) => set('offered', e.currentTarget.checked)}
        data-testid="rules-limit-offered"
      />
      {bounds.map((b) => (
        <FormGroup
          key={b.key}
          label={b.label}
          labelFor={`rules-limit-${b.key}`}
          helperText={b.key === 'minAmount' ? '留空表示不限' : undefined}
        >
          <InputGroup
            id={`rules-limit-${b.key}`}
            inputMode="decimal"
            value={draft[b.key]}
            disabled={!draft.offered}
            onValueChange={(v) => set(b.key, v)}
          />
        </FormGroup>
      ))}
    </ReasonDialog>
  );
};
