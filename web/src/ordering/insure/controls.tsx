/** The insure form's building blocks: its section frame here, the labelled field and controls from shared/ (a disabled fieldset locks them when read-only). */
import type { ReactNode } from 'react';
import type { FormState } from './formState.ts';

/** An edit of the form; the automatic rules run on the result. */
export type Edit = (fn: (s: FormState) => FormState) => void;

export { Field } from '../../shared/form.tsx';
export {
  AddButton,
  FormLook,
  NumberInput,
  RemoveButton,
  Select,
  TextInput,
  YesNo,
  listOptions as opts,
  str,
  useLook,
} from '../../shared/controls.tsx';

/** The list with item i patched. */
export const patchAt = <T extends object>(list: readonly T[], i: number, patch: Partial<T>): T[] =>
  list.map((x, j) => (j === i ? { ...x, ...patch } : x));

export const Section = ({
  title,
  children,
  extra,
  id,
}: {
  title: string;
  children: ReactNode;
  extra?: ReactNode;
  id: string;
}) => (
  <section className="fb-insure-section" aria-labelledby={`sec-${id}`}>
    <div className="fb-insure-section-head">
      <h2 className="fb-form-section" id={`sec-${id}`}>
        {title}
      </h2>
      {extra}
    </div>
    {children}
  </section>
);
