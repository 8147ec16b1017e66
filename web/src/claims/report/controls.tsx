/** The report's building blocks: a section frame per variant and its own controls; the labelled field and common controls come from shared/. */
import { useState } from 'react';
import type { HTMLAttributes, ReactElement, ReactNode } from 'react';
import { Button, Checkbox, Section, SectionCard, Tag, TextArea } from '@blueprintjs/core';
import type { Choice } from '@feibao/domain/claims/catalogue';
import { RemoveButton as SharedRemoveButton, useLook } from '../../shared/controls.tsx';
import type { Variant } from '../../shared/site.ts';
import type { ReportForm } from './reportForm.ts';

/** An edit of the form: the updater receives the latest state. */
export type Edit = (fn: (f: ReportForm) => ReportForm) => void;
/** What every section receives. */
export type SectionProps = { form: ReportForm; edit: Edit; variant: Variant };

export { Field } from '../../shared/form.tsx';
export {
  AddButton,
  FormLook as ReportLook,
  NumberInput,
  Select,
  TextInput,
  YesNo,
  listOptions,
  useLook,
} from '../../shared/controls.tsx';

export const choiceOptions = (choices: readonly Choice[], placeholder = '请选择') => [
  { value: '', label: placeholder },
  ...choices,
];
/** The list with the row of this key patched. */
export const patchRow = <T extends { key: string }>(list: readonly T[], key: string, patch: Partial<T>): T[] =>
  list.map((x) => (x.key === key ? { ...x, ...patch } : x));

/** Blueprint titles a Section with an h6; under the page's h1 the report's sections are h2 (styles/app.css keeps the look). */
const SectionHeading = (props: HTMLAttributes<HTMLElement>) => <h2 {...props} />;

/** A Blueprint Section on desktop; a plain titled block inside the mobile card. */
export const ReportSection = ({
  title,
  testId,
  children,
  extra,
}: {
  title: string;
  testId: string;
  children: ReactNode;
  extra?: ReactElement;
}) => {
  const { large } = useLook();
  if (large)
    return (
      <section className="fb-insure-section fb-report-section" data-testid={testId} aria-label={title}>
        <div className="fb-insure-section-head">
          <h2 className="fb-form-section">{title}</h2>
          {extra}
        </div>
        {children}
      </section>
    );
  return (
    <Section
      title={title}
      titleRenderer={SectionHeading}
      className="fb-report-section"
      data-testid={testId}
      rightElement={extra}
      compact
    >
      <SectionCard>{children}</SectionCard>
    </Section>
  );
};

export const LongText = ({
  id,
  value,
  onChange,
  maxLength,
}: {
  id: string;
  value: string;
  onChange: (v: string) => void;
  maxLength: number;
}) => {
  const { large, readOnly } = useLook();
  return (
    <TextArea
      id={id}
      fill
      autoResize
      size={large ? 'large' : undefined}
      value={value}
      maxLength={maxLength}
      disabled={readOnly}
      onChange={(e) => onChange(e.target.value)}
    />
  );
};

/** Ticks over a list of codes (loss subtypes). */
export const CodeChecks = ({
  name,
  choices,
  value,
  onChange,
}: {
  name: string;
  choices: readonly Choice[];
  value: readonly string[];
  onChange: (code: string, on: boolean) => void;
}) => {
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

/** The report's delete buttons also show their label as a tooltip. */
export const RemoveButton = ({ label, onClick, testId }: { label: string; onClick: () => void; testId?: string }) => (
  <SharedRemoveButton label={label} title={label} testId={testId} onClick={onClick} />
);

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
        <Button
          variant="minimal"
          size="small"
          className="fb-codes-toggle"
          onClick={() => setOpen((o) => !o)}
          text={open ? '收起' : `展开(${codes.length})`}
        />
      )}
    </span>
  );
};
