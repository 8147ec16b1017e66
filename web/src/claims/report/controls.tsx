/** The report's building blocks: a section frame per variant, labelled fields and the few controls it uses. */
import { createContext, useContext, useState } from 'react';
import type { ReactElement, ReactNode } from 'react';
import { Button, Checkbox, FormGroup, HTMLSelect, InputGroup, Radio, RadioGroup, Section, SectionCard, Tag, TextArea } from '@blueprintjs/core';
import type { Choice } from '@feibao/domain/claims/catalogue';
import type { Variant } from '../../shared/site.ts';
import type { ReportForm } from './reportForm.ts';

/** An edit of the form: the updater receives the latest state. */
export type Edit = (fn: (f: ReportForm) => ReportForm) => void;
/** What every section receives. */
export type SectionProps = { form: ReportForm; edit: Edit; variant: Variant };

/** Shared by all controls of one report: large on mobile, locked when read-only. */
export const ReportLook = createContext<{ large: boolean; readOnly: boolean }>({ large: false, readOnly: true });
export const useLook = () => useContext(ReportLook);

export const choiceOptions = (choices: readonly Choice[], placeholder = '请选择') => [{ value: '', label: placeholder }, ...choices];
export const listOptions = (list: readonly (string | number)[], placeholder = '请选择') => [
  { value: '', label: placeholder },
  ...list.map((v) => ({ value: String(v), label: String(v) })),
];
/** The list with the row of this key patched. */
export const patchRow = <T extends { key: string }>(list: readonly T[], key: string, patch: Partial<T>): T[] =>
  list.map((x) => (x.key === key ? { ...x, ...patch } : x));

/** A Blueprint Section on desktop; a plain titled block inside the mobile card. */
export const ReportSection = ({ title, testId, children, extra }: { title: string; testId: string; children: ReactNode; extra?: ReactElement }) => {
  const { large } = useLook();
  if (large)
    return (
      <section className="fb-insure-section fb-report-section" data-testid={testId} aria-label={title}>
        <div className="fb-insure-section-head">
          <h3 className="fb-form-section">{title}</h3>
          {extra}
        </div>
        {children}
      </section>
    );
  return (
    <Section title={title} className="fb-report-section" data-testid={testId} rightElement={extra} compact>
      <SectionCard>{children}</SectionCard>
    </Section>
  );
};

export const Field = ({ label, id, required, children, wide }: { label: string; id: string; required?: boolean; children: ReactNode; wide?: boolean }) => (
  <FormGroup
    label={label}
    labelFor={id}
    labelInfo={required ? <span className="fb-required">*</span> : undefined}
    className={wide ? 'fb-field fb-field-wide' : 'fb-field'}
  >
    {children}
  </FormGroup>
);

type TextProps = {
  id: string;
  value: string;
  onChange: (v: string) => void;
  placeholder?: string;
  type?: string;
  min?: string;
  max?: string;
  disabled?: boolean;
  inputMode?: 'numeric' | 'decimal' | 'text';
  maxLength?: number;
  list?: string;
};

export const TextInput = ({ id, value, onChange, placeholder, type, min, max, disabled, inputMode, maxLength, list }: TextProps) => {
  const { large, readOnly } = useLook();
  return (
    <InputGroup
      id={id}
      size={large ? 'large' : undefined}
      value={value}
      type={type}
      min={min}
      max={max}
      step={type === 'number' ? 'any' : type === 'datetime-local' ? 1 : undefined}
      inputMode={inputMode}
      maxLength={maxLength ?? 100}
      placeholder={placeholder ?? ''}
      disabled={disabled || readOnly}
      readOnly={readOnly}
      list={list}
      onChange={(e) => onChange(e.target.value)}
    />
  );
};

export const NumberInput = ({ decimal, ...props }: Omit<TextProps, 'type' | 'min' | 'inputMode'> & { decimal?: boolean }) => (
  <TextInput {...props} type="number" min="0" inputMode={decimal ? 'decimal' : 'numeric'} />
);

export const LongText = ({ id, value, onChange, maxLength }: { id: string; value: string; onChange: (v: string) => void; maxLength: number }) => {
  const { large, readOnly } = useLook();
  return (
    <TextArea id={id} fill autoResize size={large ? 'large' : undefined} value={value} maxLength={maxLength} disabled={readOnly} onChange={(e) => onChange(e.target.value)} />
  );
};

type SelectProps = { id: string; value: string; options: { value: string; label: string }[]; onChange: (v: string) => void; disabled?: boolean };
export const Select = ({ id, value, options, onChange, disabled }: SelectProps) => {
  const { large, readOnly } = useLook();
  return <HTMLSelect id={id} fill large={large} value={value} options={options} disabled={disabled || readOnly} onChange={(e) => onChange(e.currentTarget.value)} />;
};

/** 是/否 as '1'/'0' radios. */
export const YesNo = ({ name, value, onChange }: { name: string; value: string; onChange: (v: '1' | '0') => void }) => {
  const { large, readOnly } = useLook();
  return (
    <RadioGroup inline name={name} selectedValue={value} onChange={(e) => onChange(e.currentTarget.value === '1' ? '1' : '0')} disabled={readOnly}>
      <Radio value="1" label="是" size={large ? 'large' : undefined} />
      <Radio value="0" label="否" size={large ? 'large' : undefined} />
    </RadioGroup>
  );
};

/** Ticks over a list of codes (loss subtypes). */
export const CodeChecks = ({ name, choices, value, onChange }: { name: string; choices: readonly Choice[]; value: readonly string[]; onChange: (code: string, on: boolean) => void }) => {
  const { large, readOnly } = useLook();
  return (
    <div className="fb-report-checks" data-testid={`checks-${name}`}>
      {choices.map((c) => (
        <Checkbox
          key={c.value}
          inline
          size={large ? 'large' : undefined}
          label={c.label}
          checked={value.includes(c.value)}
          disabled={readOnly}
          onChange={(e) => onChange(c.value, e.currentTarget.checked)}
        />
      ))}
    </div>
  );
};

/** A row's delete button and a section's add button, hidden when read-only. */
export const RemoveButton = ({ label, onClick, testId }: { label: string; onClick: () => void; testId?: string }) =>
  useLook().readOnly ? null : <Button variant="minimal" intent="danger" icon="trash" aria-label={label} title={label} data-testid={testId} onClick={onClick} />;
export const AddButton = ({ text, onClick, testId }: { text: string; onClick: () => void; testId?: string }) => {
  const { large, readOnly } = useLook();
  return readOnly ? null : <Button className="fb-add" icon="add" text={text} size={large ? 'large' : undefined} data-testid={testId} onClick={onClick} />;
};

/** Device codes as tags, collapsed beyond `limit` (10 in the report). */
export const CodeList = ({ codes, limit = 10 }: { codes: readonly string[]; limit?: number }) => {
  const [open, setOpen] = useState(false);
  if (codes.length === 0) return <span className="fb-muted">—</span>;
  const shown = open ? codes : codes.slice(0, limit);
  return (
    <span className="fb-codes" data-testid="device-codes">
      {shown.map((c) => (
        <Tag key={c} minimal className="fb-code">
          {c}
        </Tag>
      ))}
      {codes.length > limit && (
        <Button variant="minimal" size="small" className="fb-codes-toggle" onClick={() => setOpen((o) => !o)} text={open ? '收起' : `展开(${codes.length})`} />
      )}
    </span>
  );
};
