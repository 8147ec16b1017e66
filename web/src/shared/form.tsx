import { useCallback, useState } from 'react';
import type { ReactNode } from 'react';
import { FormGroup } from '@blueprintjs/core';
import type { FieldErrors } from '../api/forms.ts';

/** Minimal form state: string/number values plus one error per field. */
export function useForm<V extends Record<string, unknown>>(initial: V) {
  const [values, setValues] = useState<V>(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const set = useCallback(<K extends keyof V>(key: K, value: V[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors((e) => {
      if (!e[key as string]) return e;
      const { [key as string]: _drop, ...rest } = e;
      return rest;
    });
  }, []);
  /** onChange handler for an <input>. */
  const bind = useCallback(
    (key: keyof V & string) => ({
      name: key,
      value: (values[key] ?? '') as string,
      onChange: (e: { target: { value: string } }) => set(key, e.target.value as V[typeof key]),
      intent: errors[key] ? ('danger' as const) : undefined,
    }),
    [values, errors, set],
  );
  return { values, setValues, errors, setErrors, set, bind };
}

type FieldProps = {
  label: string;
  required?: boolean;
  children: ReactNode;
  /** Replaces the helper under the control. */
  error?: string;
  helper?: string;
  /** Spans the whole row of a form grid. */
  wide?: boolean;
} & ({ /** The control's id is f-<name>. */ name: string } | { id: string });

/** A labelled field whose error message shows under it (data-field for tests and styling). */
export const Field = ({ label, error, required, children, helper, wide, ...control }: FieldProps) => (
  <FormGroup
    label={label}
    labelFor={'id' in control ? control.id : `f-${control.name}`}
    labelInfo={required ? <span className="fb-required">*</span> : undefined}
    intent={error ? 'danger' : 'none'}
    helperText={
      error ? (
        <span className="fb-field-error" role="alert">
          {error}
        </span>
      ) : (
        helper
      )
    }
    className={wide ? 'fb-field fb-field-wide' : 'fb-field'}
  >
    {children}
  </FormGroup>
);
