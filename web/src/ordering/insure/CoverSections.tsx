/** 主险 / 附加险 checkboxes and 险种明细 (sum insured and term per chosen cover). */
import { Button, Checkbox, HTMLSelect, HTMLTable } from '@blueprintjs/core';
import {
  CoverId,
  CoverKind,
  EXCLUSIVE_MAIN_COVER_ID,
  guaranteeTermName,
  guaranteeTerms,
  sumInsuredOptions,
  type InsuranceType,
} from '@feibao/domain/ordering/catalogue';
import { Field, Section, Select, opts, str, useLook, type Edit } from './controls.tsx';
import type { FormState, LineState } from './formState.ts';

type CoverProps = {
  value: FormState;
  covers: readonly InsuranceType[];
  /** Checks or unchecks a cover (the form's cover rules apply). */
  toggle: (coverId: number, checked: boolean) => void;
};

const selectedCovers = (value: FormState) => new Set(value.insuranceTypeInfoList.map((l) => l.insuranceTypeId));

const CoverCheckbox = ({ cover, value, toggle }: Omit<CoverProps, 'covers'> & { cover: InsuranceType }) => {
  const { large, readOnly } = useLook();
  const selected = selectedCovers(value);
  const exclusive = selected.has(EXCLUSIVE_MAIN_COVER_ID);
  const disabled = readOnly || (exclusive && cover.type === CoverKind.main && cover.id !== EXCLUSIVE_MAIN_COVER_ID);
  return (
    <div className={selected.has(cover.id) ? 'fb-cover fb-cover-on' : 'fb-cover'}>
      <Checkbox
        checked={selected.has(cover.id)}
        disabled={disabled}
        large={large}
        labelElement={<strong>{cover.name}</strong>}
        onChange={(e) => toggle(cover.id, e.currentTarget.checked)}
      />
      <div className="fb-cover-remark fb-muted">{cover.remark}</div>
    </div>
  );
};

export const CoversSections = ({ value, covers, toggle }: CoverProps) => {
  const mainCovers = covers.filter((c) => c.type === CoverKind.main || c.type === CoverKind.training);
  const additionalCovers = covers.filter((c) => c.type === CoverKind.additional);
  return (
    <>
      <Section id="main" title={value.orderType === 1 ? '投保险种' : '主险'}>
        <div className="fb-covers">
          {mainCovers.map((c) => (
            <CoverCheckbox key={c.id} cover={c} value={value} toggle={toggle} />
          ))}
        </div>
        {selectedCovers(value).has(EXCLUSIVE_MAIN_COVER_ID) && (
          <p className="fb-muted fb-hint">已选择无人机综合险，其他主险不可同时选择。</p>
        )}
      </Section>
      {additionalCovers.length > 0 && (
        <Section id="additional" title="附加险">
          <div className="fb-covers">
            {additionalCovers.map((c) => (
              <CoverCheckbox key={c.id} cover={c} value={value} toggle={toggle} />
            ))}
          </div>
        </Section>
      )}
    </>
  );
};

/** label: the control's name in the desktop table, where no visible label points at it. */
type LineProps = { line: LineState; orderType: FormState['orderType']; edit: Edit; label?: string };

const setLine = (edit: Edit, coverId: number, patch: Partial<LineState>) =>
  edit((s) => ({
    ...s,
    insuranceTypeInfoList: s.insuranceTypeInfoList.map((l) => (l.insuranceTypeId === coverId ? { ...l, ...patch } : l)),
  }));

const AmountCell = ({ line, edit, label }: Omit<LineProps, 'orderType'>) => {
  const { readOnly } = useLook();
  const id = line.insuranceTypeId;
  const options = sumInsuredOptions[id];
  const set = (v: string) => setLine(edit, id, { insuranceAmount: v });
  if (id === CoverId.trainingLiability)
    return (
      <Select
        id={`line-${id}-amount`}
        value={line.insuranceAmount}
        options={[
          { value: '0', label: '标准版' },
          { value: '1', label: '尊享版' },
        ]}
        onChange={set}
        disabled={readOnly}
        ariaLabel={label}
      />
    );
  if (options)
    return (
      <Select
        id={`line-${id}-amount`}
        value={line.insuranceAmount}
        options={opts(options.map(String), '请选择保额')}
        onChange={set}
        disabled={readOnly}
        ariaLabel={label}
      />
    );
  return (
    <span className="fb-derived" id={`line-${id}-amount`} title="按无人机数量×购价自动计算">
      {str(line.insuranceAmount) || '0'}
    </span>
  );
};

const TermCell = ({ line, orderType, edit, label }: LineProps) => {
  const { large, readOnly } = useLook();
  const options =
    orderType !== 1
      ? guaranteeTerms.general
      : line.insuranceTypeId === CoverId.studentAccident
        ? guaranteeTerms.studentAccident
        : guaranteeTerms.training;
  if (options.length === 1) return <span>{guaranteeTermName(options[0]!)}</span>;
  return (
    <HTMLSelect
      id={`line-${line.insuranceTypeId}-term`}
      large={large}
      value={str(line.guaranteeTerm)}
      disabled={readOnly}
      aria-label={label}
      options={[
        ...(line.guaranteeTerm === undefined || line.guaranteeTerm === '' ? [{ value: '', label: '请选择期限' }] : []),
        ...options.map((d) => ({ value: String(d), label: guaranteeTermName(d) })),
      ]}
      onChange={(e) => setLine(edit, line.insuranceTypeId, { guaranteeTerm: e.currentTarget.value })}
    />
  );
};

/** 险种明细: cards on mobile, a table on desktop. */
export const LinesSection = ({
  value,
  edit,
  toggle,
  mobile,
}: {
  value: FormState;
  edit: Edit;
  toggle: CoverProps['toggle'];
  mobile: boolean;
}) => {
  const { readOnly } = useLook();
  const lines = value.insuranceTypeInfoList;
  const remove = (line: LineState) => (
    <Button
      variant="minimal"
      size="small"
      icon="cross"
      aria-label={`移除${str(line.insuranceTypeName)}`}
      onClick={() => toggle(line.insuranceTypeId, false)}
    />
  );
  const list =
    lines.length > 0 &&
    (mobile ? (
      lines.map((line) => (
        <div key={line.insuranceTypeId} className="fb-line-card" data-cover={line.insuranceTypeId}>
          <div className="fb-line-card-head">
            <strong>{str(line.insuranceTypeName)}</strong>
            {!readOnly && remove(line)}
          </div>
          <Field label="保额（万元）" id={`line-${line.insuranceTypeId}-amount`}>
            <AmountCell line={line} edit={edit} />
          </Field>
          <Field label="保障期限" id={`line-${line.insuranceTypeId}-term`}>
            <TermCell line={line} orderType={value.orderType} edit={edit} />
          </Field>
          <div className="fb-line-card-meta">
            <span>免赔：{str(line.notCompensation) || '—'}</span>
            {str(line.remark) && <span>说明：{str(line.remark)}</span>}
          </div>
        </div>
      ))
    ) : (
      <HTMLTable compact striped className="fb-table fb-lines-table">
        <thead>
          <tr>
            <th>险种</th>
            <th>保额（万元）</th>
            <th>免赔</th>
            <th>保障期限</th>
            <th>说明</th>
            {!readOnly && <th>操作</th>}
          </tr>
        </thead>
        <tbody>
          {lines.map((line) => (
            <tr key={line.insuranceTypeId} data-cover={line.insuranceTypeId}>
              <td>{str(line.insuranceTypeName)}</td>
              <td>
                <AmountCell line={line} edit={edit} label={`${str(line.insuranceTypeName)} 保额（万元）`} />
              </td>
              <td className="fb-deductible">{str(line.notCompensation) || '—'}</td>
              <td>
                <TermCell
                  line={line}
                  orderType={value.orderType}
                  edit={edit}
                  label={`${str(line.insuranceTypeName)} 保障期限`}
                />
              </td>
              <td className="fb-muted">{str(line.remark)}</td>
              {!readOnly && <td>{remove(line)}</td>}
            </tr>
          ))}
        </tbody>
      </HTMLTable>
    ));
  return (
    <Section id="lines" title="险种明细">
      {list ? <div className="fb-lines">{list}</div> : <p className="fb-muted">请先选择险种。</p>}
    </Section>
  );
};
