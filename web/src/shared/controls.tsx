/**
 * The controls the insure form and the claim report share. One look per form: large on mobile;
 * read-only hides add/remove and locks every control.
 */
import { createContext, useContext } from 'react';
import { Button, HTMLSelect, InputGroup, Radio, RadioGroup } from '@blueprintjs/core';

export type Look = {
  large: boolean;
  readOnly: boolean;
  /** A disabled <fieldset> around the form already locks its inputs and selects, so they carry no lock of their own. */
  lockedByFieldset?: boolean;
};
export const FormLook = createContext<Look>({ large: false, readOnly: false });
export const useLook = () => useContext(FormLook);
/** Whether inputs and selects lock themselves. */
const useLocked = () => {
  const { readOnly, lockedByFieldset } = useLook();
  return readOnly && !lockedByFieldset;
};

/** A form value as the text a control shows; null and undefined read blank. */
export const str = (v: unknown): string => (v === null || v === undefined ? '' : String(v));
export const listOptions = (list: readonly (string | number)[], placeholder = '请选择') => [
  { value: '', label: placeholder },
  ...list.map((v) => ({ value: String(v), label: String(v) })),
];

type TextProps = {
  id: string;
  value: unknown;
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

export const TextInput = ({
  id,
  value,
  onChange,
  placeholder,
  type,
  min,
  max,
  disabled,
  inputMode,
  maxLength,
  list,
}: TextProps) => {
  const { large } = useLook();
  const locked = useLocked();
  return (
    <InputGroup
      id={id}
      size={large ? 'large' : undefined}
      value={str(value)}
      type={type}
      min={min}
      max={max}
      step={type === 'number' ? 'any' : type === 'datetime-local' ? 1 : undefined}
      inputMode={inputMode}
      maxLength={maxLength ?? 100}
      placeholder={placeholder ?? ''}
      disabled={disabled || locked}
      readOnly={locked}
      list={list}
      onChange={(e) => onChange(e.target.value)}
    />
  );
};

/** A number typed as text (the schema reads it). */
export const NumberInput = ({
  decimal,
  ...props
}: Omit<TextProps, 'type' | 'min' | 'inputMode'> & { decimal?: boolean }) => (
  <TextInput {...props} type="number" min="0" inputMode={decimal ? 'decimal' : 'numeric'} />
);

type SelectProps = {
  id: string;
  value: unknown;
  options: { value: string; label: string }[];
  onChange: (v: string) => void;
  disabled?: boolean;
  /** Its name where no visible label points at it (a table cell: the row and the column together). */
  ariaLabel?: string;
};

export const Select = ({ id, value, options, onChange, disabled, ariaLabel }: SelectProps) => {
  const { large } = useLook();
  const locked = useLocked();
  return (
    <HTMLSelect
      id={id}
      fill
      large={large}
      value={str(value)}
      options={options}
      disabled={disabled || locked}
      aria-label={ariaLabel}
      onChange={(e) => onChange(e.currentTarget.value)}
    />
  );
};

/** 是/否 (or other labels) as '1'/'0' radios. */
export const YesNo = ({
  name,
  value,
  onChange,
  labels = ['是', '否'],
}: {
  name: string;
  value: unknown;
  onChange: (v: '1' | '0') => void;
  labels?: [string, string];
}) => {
  const { large, readOnly } = useLook();
  const size = large ? 'large' : undefined;
  return (
    <RadioGroup
      inline
      name={name}
      selectedValue={str(value)}
      onChange={(e) => onChange(e.currentTarget.value === '1' ? '1' : '0')}
      disabled={readOnly}
    >
      <Radio value="1" label={labels[0]} size={size} />
      <Radio value="0" label={labels[1]} size={size} />
    </RadioGroup>
  );
};

/** A row's delete button and a section's add button, hidden when read-only. */
export const RemoveButton = ({
  label,
  onClick,
  testId,
  title,
}: {
  label: string;
  onClick: () => void;
  testId?: string;
  title?: string;
}) =>
  useLook().readOnly ? null : (
    <Button
      variant="minimal"
      intent="danger"
      icon="trash"
      aria-label={label}
      title={title}
      data-testid={testId}
      onClick={onClick}
    />
  );
export const AddButton = ({ text, onClick, testId }: { text: string; onClick: () => void; testId?: string }) => {
  const { large, readOnly } = useLook();
  return readOnly ? null : (
    <Button
      className="fb-add"
      icon="add"
      text={text}
      size={large ? 'large' : undefined}
      data-testid={testId}
      onClick={onClick}
    />
  );
};
