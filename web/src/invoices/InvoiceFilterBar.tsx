import { type FormEvent, type ReactNode, useState } from 'react';
import { Button, Collapse, HTMLSelect, InputGroup } from '@blueprintjs/core';
import { toast } from '../api/toaster.ts';
import type { Variant } from '../shared/site.ts';
import { payStatusChoices } from './labels.ts';
import { emptyInvoiceListQuery, hasInvoiceFilters, type InvoiceListQuery, invoiceQueryError } from './listFilters.ts';

type Props = {
  variant: Variant;
  value: InvoiceListQuery;
  onApply: (q: InvoiceListQuery) => void;
  /** The back office's bar: it also searches by the customer's whole phone. */
  staff?: boolean;
};

/** A labelled control; `id` is the control's, so screen readers and clicks on the label find it. */
const Field = ({
  id,
  label,
  className,
  children,
}: {
  id: string;
  label: string;
  className?: string;
  children: ReactNode;
}) => (
  <div className={className ? `fb-inv-field ${className}` : 'fb-inv-field'}>
    <label htmlFor={id} className="fb-inv-label">
      {label}
    </label>
    {children}
  </div>
);

/**
 * The invoice search: every field the list takes, applied on 查询 (or Enter), checked first by the
 * server's own rules so a refusal reads before any request. On a phone the number and status stay
 * in view and the rest fold under 更多条件.
 */
export const InvoiceFilterBar = ({ variant, value, onApply, staff = false }: Props) => {
  const mobile = variant === 'mobile';
  // Seeded from the address; the page remounts the bar (key) when the address changes.
  const [draft, setDraft] = useState(value);
  const [more, setMore] = useState(() => mobile && hasInvoiceFilters({ ...value, invoiceNo: '', payStatus: '' }));
  const set = (patch: Partial<InvoiceListQuery>) => setDraft((d) => ({ ...d, ...patch }));

  // noValidate on the forms: the date pickers' min/max would otherwise stop the submit with the
  // browser's own bubble; the server's rules say what is wrong, in the product's words.
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const error = invoiceQueryError(draft, staff);
    if (error) {
      toast.warning(error);
      return;
    }
    onApply(draft);
  };

  const text = (
    key: keyof InvoiceListQuery,
    label: string,
    placeholder: string,
    maxLength: number,
    extra: { inputMode?: 'decimal' | 'numeric'; type?: 'tel' } = {},
  ) => (
    <Field id={`invoice-filter-${key}`} label={label} className={`fb-inv-${key}`}>
      <InputGroup
        id={`invoice-filter-${key}`}
        data-testid={`invoice-filter-${key}`}
        placeholder={placeholder}
        maxLength={maxLength}
        value={draft[key]}
        onValueChange={(v) => set({ [key]: v })}
        {...extra}
      />
    </Field>
  );
  const day = (
    key: 'invoiceTime' | 'invoicingDateStart' | 'invoicingDateEnd',
    label: string,
    bounds: { min?: string; max?: string } = {},
  ) => (
    <Field id={`invoice-filter-${key}`} label={label} className={`fb-inv-${key}`}>
      <InputGroup
        type="date"
        id={`invoice-filter-${key}`}
        data-testid={`invoice-filter-${key}`}
        value={draft[key]}
        {...bounds}
        onValueChange={(v) => set({ [key]: v })}
      />
    </Field>
  );

  const status = (
    <Field id="invoice-filter-payStatus" label="支付状态" className="fb-inv-payStatus">
      <HTMLSelect
        id="invoice-filter-payStatus"
        data-testid="invoice-filter-payStatus"
        value={draft.payStatus}
        options={payStatusChoices}
        onChange={(e) => set({ payStatus: e.currentTarget.value })}
        fill
      />
    </Field>
  );
  const rest = (
    <>
      {text('orderNo', '订单号', '订单号或其开头，如：FB2026', 32)}
      {staff && text('phone', '客户手机号', '完整的11位手机号', 13, { inputMode: 'numeric', type: 'tel' })}
      {text('invoiceName', '发票抬头', '公司或个人名称', 100)}
      {text('centerBranchName', '开票机构', '如：广东分公司', 50)}
      {text('operator', '开票人', '如：系统', 50)}
      {text('amount', '金额（元）', '如：1234.50', 16, { inputMode: 'decimal' })}
      {day('invoiceTime', '开票日期')}
      {day('invoicingDateStart', '开票日期起', { max: draft.invoicingDateEnd || undefined })}
      {day('invoicingDateEnd', '开票日期止', { min: draft.invoicingDateStart || undefined })}
    </>
  );
  const buttons = (
    <span className="fb-inv-buttons">
      <Button type="submit" intent="primary" icon="search" text="查询" data-testid="invoice-filter-apply" />
      <Button
        text="重置"
        data-testid="invoice-filter-reset"
        disabled={!hasInvoiceFilters(draft) && !hasInvoiceFilters(value)}
        onClick={() => {
          setDraft(emptyInvoiceListQuery);
          onApply(emptyInvoiceListQuery);
        }}
      />
    </span>
  );

  if (mobile)
    return (
      <form
        className="fb-inv-filters fb-inv-filters-m"
        onSubmit={submit}
        noValidate
        aria-label="发票查询"
        data-testid="invoice-filters"
      >
        <div className="fb-inv-top">
          {text('invoiceNo', '发票号码', '发票号码', 64)}
          {status}
        </div>
        <Collapse isOpen={more}>
          <div className="fb-inv-more">{rest}</div>
        </Collapse>
        <div className="fb-inv-actions">
          <Button
            variant="minimal"
            icon={more ? 'chevron-up' : 'chevron-down'}
            text={more ? '收起条件' : '更多条件'}
            aria-expanded={more}
            data-testid="invoice-filter-more"
            onClick={() => setMore((m) => !m)}
          />
          {buttons}
        </div>
      </form>
    );
  return (
    <form className="fb-inv-filters" onSubmit={submit} noValidate aria-label="发票查询" data-testid="invoice-filters">
      {text('invoiceNo', '发票号码', '发票号码', 64)}
      {status}
      {rest}
      {buttons}
    </form>
  );
};
