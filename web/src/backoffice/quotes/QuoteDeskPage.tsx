/**
 * 报价工作台 (/backoffice/quotes): one row per order being quoted (or quoted in the last days),
 * a column per insurer, nearest open deadline first; re-read every 3 s so answers show as they
 * come. The filters and the page live in the address, so a reload or a shared link keeps them;
 * only a search by the customer's phone stays in the page (desk.ts).
 */
import { type FormEvent, useState } from 'react';
import { Button, Card, Checkbox, HTMLSelect, InputGroup } from '@blueprintjs/core';
import { Link, useSearchParams } from 'react-router-dom';
import { visibleInsurers } from '@feibao/domain/ordering/catalogue';
import { deskCellStatuses } from '@feibao/domain/ordering/quoteDesk';
import { parseOrderSearch } from '@feibao/domain/shared/search';
import { toast } from '../../api/toaster.ts';
import { ListPager, usePageParam } from '../../shared/ListPager.tsx';
import { BackofficeFrame } from '../BackofficeFrame.tsx';
import { DESK_PAGE_SIZE, useQuoteDesk } from './api.ts';
import { CellDialog } from './CellDialog.tsx';
import { dayChoices, type DeskFilters, filtersOf, statusLabel } from './desk.ts';
import { QuoteGrid, type OpenCell } from './QuoteGrid.tsx';
import './quotes.css';

export const QuoteDeskPage = () => (
  <BackofficeFrame area="quotes" testId="quote-desk">
    <QuoteDesk />
  </BackofficeFrame>
);

const QuoteDesk = () => {
  const [params, setParams] = useSearchParams();
  const [phone, setPhone] = useState('');
  const filters = { ...filtersOf(params), phone };
  const { page } = usePageParam();
  const desk = useQuoteDesk(filters, page);
  const [open, setOpen] = useState<OpenCell | null>(null);

  const change = (patch: Partial<Record<FilterKey, string>>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(patch)) {
      if (k === 'phone') {
        setPhone(v ?? '');
        continue;
      }
      if (!v) next.delete(k);
      else next.set(k, v);
    }
    next.delete('page');
    setParams(next);
  };
  // The dialog follows the live grid, so an answer arriving while it is open shows there too.
  const openRow = open ? desk.data?.datas.find((r) => r.id === open.orderId) : undefined;
  const openCell = openRow?.cells.find((c) => c.requestId === open?.requestId);

  return (
    <>
      <div className="fb-row-between">
        <h1 className="fb-page-title">报价工作台</h1>
        <div className="fb-row-actions">
          <Link to="/backoffice/quotes/cancellations" data-testid="quote-desk-cancellations">
            退保审核
          </Link>
          {/* 批改's queue (web/src/endorsement): the same desk's second list. */}
          <Link to="/backoffice/quotes/endorsements" data-testid="quote-desk-endorsements">
            批改队列
          </Link>
          <Button icon="refresh" text="刷新" loading={desk.isValidating} onClick={() => void desk.mutate()} />
        </div>
      </div>
      <Card className="fb-card fb-quote-desk-card">
        <Filters filters={filters} onChange={change} />
        <QuoteGrid
          data={desk.data}
          error={desk.error}
          onRetry={() => void desk.mutate()}
          filters={filters}
          onOpen={setOpen}
        />
        <ListPager data={desk.data} pageSize={DESK_PAGE_SIZE} testId="quote-desk-pager" />
      </Card>
      {open && openRow && openCell && (
        <CellDialog row={openRow} cell={openCell} onClose={() => setOpen(null)} onChanged={() => desk.mutate()} />
      )}
    </>
  );
};

type FilterKey = 'status' | 'insurer' | 'overdue' | 'type' | 'days' | 'no' | 'phone';
type FilterProps = {
  filters: DeskFilters;
  onChange: (patch: Partial<Record<FilterKey, string>>) => void;
};

/** 订单号 (a prefix) and the customer's whole 手机号, applied together on 查询 or Enter, checked as the server will. */
const SearchFields = ({ filters, onChange }: FilterProps) => {
  const [orderNo, setOrderNo] = useState(filters.orderNo);
  const [phone, setPhone] = useState(filters.phone);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = parseOrderSearch({ orderNo, phone });
    if (!parsed.ok) {
      toast.warning(parsed.message);
      return;
    }
    onChange({ no: parsed.search.orderNo ?? '', phone: parsed.search.phone ?? '' });
  };
  return (
    <form className="fb-quote-search" onSubmit={submit} noValidate data-testid="quote-desk-search">
      <InputGroup
        aria-label="订单号"
        placeholder="订单号或其开头"
        maxLength={32}
        value={orderNo}
        onValueChange={setOrderNo}
        data-testid="quote-desk-orderNo"
      />
      <InputGroup
        aria-label="客户手机号"
        placeholder="客户完整手机号"
        type="tel"
        inputMode="numeric"
        maxLength={13}
        value={phone}
        onValueChange={setPhone}
        data-testid="quote-desk-phone"
      />
      <Button type="submit" icon="search" text="查询" data-testid="quote-desk-search-apply" />
      {(filters.orderNo || filters.phone) && (
        <Button
          variant="minimal"
          text="清除"
          data-testid="quote-desk-search-clear"
          onClick={() => {
            setOrderNo('');
            setPhone('');
            onChange({ no: '', phone: '' });
          }}
        />
      )}
    </form>
  );
};

const Filters = ({ filters, onChange }: FilterProps) => (
  <search className="fb-quote-filters" aria-label="筛选">
    <SearchFields filters={filters} onChange={onChange} />
    <HTMLSelect
      aria-label="报价状态"
      value={filters.status}
      onChange={(e) => onChange({ status: e.currentTarget.value })}
      options={[
        { value: '', label: '全部状态' },
        ...deskCellStatuses.map((s) => ({ value: s, label: statusLabel(s) })),
      ]}
    />
    <HTMLSelect
      aria-label="保险公司"
      value={filters.insurerId}
      onChange={(e) => onChange({ insurer: e.currentTarget.value })}
      options={[
        { value: '', label: '全部保险公司' },
        ...visibleInsurers.map((i) => ({ value: String(i.id), label: i.name })),
      ]}
    />
    <HTMLSelect
      aria-label="订单类型"
      value={filters.orderType}
      onChange={(e) => onChange({ type: e.currentTarget.value })}
      options={[
        { value: '', label: '全部订单类型' },
        { value: '0', label: '普通订单' },
        { value: '1', label: '培训机构订单' },
      ]}
    />
    <HTMLSelect
      aria-label="报价完成时间"
      value={filters.days}
      onChange={(e) => onChange({ days: e.currentTarget.value })}
      options={dayChoices.map((d) => ({ value: d, label: `含近${d}天已完成报价` }))}
    />
    <Checkbox
      className="fb-quote-overdue-filter"
      label="仅看逾期"
      checked={filters.overdue}
      onChange={(e) => onChange({ overdue: e.currentTarget.checked ? 'true' : '' })}
    />
  </search>
);
