/**
 * 我的发票 (/platform/invoice table, /touch/invoice cards): the caller's invoices, 20 a page, with
 * the search in the address. A bought order shows 待支付 until the insurer underwrites it.
 */
import { useMemo } from 'react';
import { Button } from '@blueprintjs/core';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useSession } from '../api/session.ts';
import { DataList } from '../shared/DataList.tsx';
import { ListPageFrame } from '../shared/ListPageFrame.tsx';
import { ListPager, usePageParam } from '../shared/ListPager.tsx';
import { NonIdealState } from '../shared/NonIdealState.tsx';
import { routesOf, useLoginPrompt, type Variant } from '../shared/site.ts';
import { INVOICE_LIST_SIZE, type InvoiceRow, useInvoicePage } from './api.ts';
import { invoiceCard, invoiceColumns, invoiceRowData } from './columns.tsx';
import { InvoiceFilterBar } from './InvoiceFilterBar.tsx';
import { EMPTY_INVOICES } from './labels.ts';
import { hasInvoiceFilters, readInvoiceListQuery, toInvoiceFilters, writeInvoiceListQuery } from './listFilters.ts';
import './invoices.css';

export const InvoiceListPage = ({ variant }: { variant: Variant }) => {
  const mobile = variant === 'mobile';
  const routes = routesOf(variant);
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const session = useSession();
  const { page } = usePageParam();
  const query = useMemo(() => readInvoiceListQuery(params), [params]);
  const filters = useMemo(() => toInvoiceFilters(query), [query]);
  useLoginPrompt(variant);
  const list = useInvoicePage('mine', page, filters);

  const filtered = hasInvoiceFilters(query);
  const empty = (
    <NonIdealState
      icon="document"
      title={EMPTY_INVOICES}
      className="fb-inv-empty"
      description={filtered ? '没有符合查询条件的发票。' : '投保后可在此查看发票，保险公司承保后开具。'}
      action={filtered ? undefined : <Button intent="primary" text="订单查询" onClick={() => navigate(routes.list)} />}
    />
  );

  return (
    <ListPageFrame
      mobile={mobile}
      title="我的发票"
      name="invoices"
      refreshing={list.isValidating}
      onRefresh={() => void list.mutate()}
      overlay={null}
    >
      {session && (
        <InvoiceFilterBar
          key={params.toString()}
          variant={variant}
          value={query}
          onApply={(q) => setParams(writeInvoiceListQuery(params, q))}
        />
      )}
      <DataList<InvoiceRow>
        mobile={mobile}
        signedIn={!!session}
        signInHint="登录后可查询您的发票。"
        list={list}
        loadingText="正在加载发票…"
        empty={empty}
        rowKey={(r) => r.id}
        rowData={invoiceRowData}
        card={invoiceCard()}
        table={{
          className: 'fb-inv-table',
          label: '发票列表',
          columns: [...invoiceColumns(), { header: '保单号', cell: (r) => r.policyNo ?? '—', className: 'fb-inv-no' }],
        }}
      />
      <ListPager
        data={list.data && { totalCount: list.data.totals, pageSize: list.data.pageSize }}
        pageSize={INVOICE_LIST_SIZE}
        testId="invoice-pager"
      />
    </ListPageFrame>
  );
};
