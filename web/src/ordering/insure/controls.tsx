/** The insure form's building blocks: section frame, labelled field and the three kinds of control. */
import { createContext, useContext } from 'react';
import type { ReactNode } from 'react';
import { Button, FormGroup, HTMLSelect, InputGroup, Radio, RadioGroup } from '@blueprintjs/core';
import type { FormState } from './formState.ts';

/** An edit of the form; the automatic rules run on the result. */
export type Edit = (fn: (s: FormState) => FormState) => void;

/** What every control of one form shares: large on mobile, disabled when read-only. */
export const FormLook = createContext<{ large: boolean; readOnly: boolean }>({ large: false, readOnly: false });
export const useLook = () => useContext(FormLook);

export const str = (v: unknown): string => (v === null || v === undefined ? '' : String(v));
export const opts = (list: readonly (string | number)[], placeholder = '请选择') => [
  { value: '', label: placeholder },
  ...list.map((v) => ({ value: String(v), label: String(v) })),
];
/** The list with item i patched. */
export const patchAt = <T extends object>(list: readonly T[], i: number, patch: Partial<T>): T[] => list.map((x, j) => (j === i ? { ...x, ...patch } : x));

export const Section = ({ title, children, extra, id }: { title: string; children: ReactNode; extra?: ReactNode; id: string }) => (
  <section className="fb-insure-section" aria-labelledby={`sec-${id}`}>
    <div className="fb-insure-section-head">
      <h3 className="fb-form-section" id={`sec-${id}`}>
        {title}
      </h3>
      {extra}
    </div>
    {children}
  </section>
);

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
  value: unknown;
  onChange: (v: string) => void;
  placeholder?: string;
  type?: string;
  min?: string;
  max?: string;
  disabled?: boolean;
  inputMode?: 'numeric' | 'decimal';
  maxLength?: number;
};

export const TextInput = ({ id, value, onChange, placeholder, type, min, max, disabled, inputMode, maxLength }: TextProps) => {
  const { large } = useLook();
  return (
    <InputGroup
      id={id}
      size={large ? 'large' : undefined}
      value={str(value)}
      type={type}
      min={min}
      max={max}
      step={type === 'number' ? 'any' : undefined}
      inputMode={inputMode}
      maxLength={maxLength ?? 100}
      placeholder={placeholder ?? ''}
      disabled={disabled}
      onChange={(e) => onChange(e.target.value)}
    />
  );
};

/** A number typed as text (the schema reads it). */
export const NumberInput = ({ decimal, ...props }: Omit<TextProps, 'type' | 'min' | 'inputMode'> & { decimal?: boolean }) => (
  <TextInput {...props} type="number" min="0" inputMode={decimal ? 'decimal' : 'numeric'} />
);

type SelectProps = { id: string; value: unknown; options: { value: string; label: string }[]; onChange: (v: string) => void; disabled?: boolean };

export const Select = ({ id, value, options, onChange, disabled }: SelectProps) => {
  const { large } = useLook();
  return <HTMLSelect id={id} fill large={large} value={str(value)} options={options} disabled={disabled} onChange={(e) => onChange(e.currentTarget.value)} />;
};

/** 是/否 as '1'/'0' radios, disabled with the rest of a read-only form. */
export const YesNo = ({ name, value, onChange, labels = ['是', '否'] }: { name: string; value: unknown; onChange: (v: '1' | '0') => void; labels?: [string, string] }) => {
  const { large, readOnly } = useLook();
  return (
    <RadioGroup inline name={name} selectedValue={str(value)} onChange={(e) => onChange(e.currentTarget.value === '1' ? '1' : '0')} disabled={readOnly}>
      <Radio value="1" label={labels[0]} large={large} />
      <Radio value="0" label={labels[1]} large={large} />
    </RadioGroup>
  );
};

/** A row's delete button and the section's add button, hidden when read-only. */
export const RemoveButton = ({ label, onClick }: { label: string; onClick: () => void }) =>
  useLook().readOnly ? null : <Button variant="minimal" intent="danger" icon="trash" aria-label={label} onClick={onClick} />;
export const AddButton = ({ text, onClick }: { text: string; onClick: () => void }) => {
  const { large, readOnly } = useLook();
  return readOnly ? null : <Button className="fb-add" icon="add" text={text} size={large ? 'large' : undefined} onClick={onClick} />;
};
