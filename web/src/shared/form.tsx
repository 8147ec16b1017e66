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

type FieldProps = { label: string; name: string; error?: string; required?: boolean; children: ReactNode; helper?: string };

/** A labelled field whose error message shows under it (data-field for tests and styling). */
export const Field = ({ label, name, error, required, children, helper }: FieldProps) => (
  <FormGroup
    label={label}
    labelFor={`f-${name}`}
    labelInfo={required ? <span className="fb-required">*</span> : undefined}
    intent={error ? 'danger' : 'none'}
    helperText={error ? <span className="fb-field-error" role="alert">{error}</span> : helper}
    className="fb-field"
  >
    {children}
  </FormGroup>
);
