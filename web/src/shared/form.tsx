import { useCallback, useState } from 'react';
import type { ReactNode } from 'react';
import { FormGroup } from '@blueprintjs/core';
import type { FieldErrors } from '../api/forms.ts';

/**
 * The web app's one form state (docs/adr/0015-one-form-state.md): the values, one error per field
 * and whether the user has changed anything yet.
 * - `set`/`bind` edit one top-level field of a flat form (the account forms, the rule dialogs).
 * - `update(f)` applies a whole-value transition to a nested form (the insure form's and the claim
 *   report's rules, which rewrite derived fields from the domain's pure functions).
 * - `reset(v)` replaces the values as the program builds them (a loaded order, a claim after our
 *   own write): it clears the errors and is not an edit.
 * A form that waits for its data starts from `null`; until `reset` gives it values, edits are dropped.
 */
export function useForm<V extends object | null>(initial: V | (() => V)) {
  type Values = NonNullable<V>;
  const [values, setValues] = useState<V>(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [edited, setEdited] = useState(false);
  const set = useCallback(<K extends keyof Values>(key: K, value: Values[K]) => {
    setValues((v) => (v === null ? v : { ...v, [key]: value }));
    setEdited(true);
    setErrors((e) => {
      if (!e[key as string]) return e;
      const { [key as string]: _drop, ...rest } = e;
      return rest;
    });
  }, []);
  const update = useCallback((f: (value: Values) => Values) => {
    setValues((v) => (v === null ? v : f(v as Values)));
    setEdited(true);
  }, []);
  const reset = useCallback((value: V) => {
    setValues(value);
    setErrors({});
    setEdited(false);
  }, []);
  /** onChange handler for an <input>. */
  const bind = useCallback(
    (key: keyof Values & string) => ({
      name: key,
      value: ((values as Values | null)?.[key] ?? '') as string,
      onChange: (e: { target: { value: string } }) => set(key, e.target.value as Values[typeof key]),
      intent: errors[key] ? ('danger' as const) : undefined,
    }),
    [values, errors, set],
  );
  return { values, setValues, errors, setErrors, set, bind, update, reset, edited };
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
