/**
 * 发票 in the back office (/backoffice/invoices): every customer's invoices with the same search as
 * the customer's list, the customer shown masked. For the invoices area's roles; the server
 * refuses everyone else on every call anyway.
 */
import { useMemo, useState } from 'react';
import { Button, Card } from '@blueprintjs/core';
import { useSearchParams } from 'react-router-dom';
import { BackofficeFrame } from '../backoffice/BackofficeFrame.tsx';
import { DataList } from '../shared/DataList.tsx';
import { ListPager, usePageParam } from '../shared/ListPager.tsx';
import { NonIdealState } from '../shared/NonIdealState.tsx';
import { INVOICE_LIST_SIZE, type StaffInvoiceRow, useInvoicePage } from './api.ts';
import { invoiceCard, invoiceColumns, invoiceRowData } from './columns.tsx';
import { InvoiceFilterBar } from './InvoiceFilterBar.tsx';
import { EMPTY_INVOICES } from './labels.ts';
import { readInvoiceListQuery, toInvoiceFilters, writeInvoiceListQuery } from './listFilters.ts';
import './invoices.css';

export const InvoiceDeskPage = () => (
  <BackofficeFrame area="invoices" testId="invoice-desk">
    <InvoiceDesk />
  </BackofficeFrame>
);

const InvoiceDesk = () => {
  const [params, setParams] = useSearchParams();
  const { page } = usePageParam();
  // The customer's phone is searched by but kept out of the address (listFilters.ts).
  const [phone, setPhone] = useState('');
  const query = useMemo(() => ({ ...readInvoiceListQuery(params), phone }), [params, phone]);
  const filters = useMemo(() => toInvoiceFilters(query), [query]);
  const list = useInvoicePage<StaffInvoiceRow>('staff', page, filters);
  const customer = [{ header: '用户', cell: (r: StaffInvoiceRow) => r.userName, className: 'fb-nowrap' }];

  return (
    <>
      <div className="fb-row-between">
        <h1 className="fb-page-title">发票</h1>
        <Button icon="refresh" text="刷新" loading={list.isValidating} onClick={() => void list.mutate()} />
      </div>
      <Card className="fb-card fb-inv-desk-card">
        <InvoiceFilterBar
          key={`${params.toString()}|${phone}`}
          variant="desktop"
          staff
          value={query}
          onApply={(q) => {
            setPhone(q.phone.replace(/[\s-]/g, ''));
            setParams(writeInvoiceListQuery(params, q));
          }}
        />
        <DataList<StaffInvoiceRow>
          mobile={false}
          signedIn
          signInHint=""
          list={list}
          loadingText="正在加载发票…"
          empty={
            <NonIdealState
              icon="document"
              title={EMPTY_INVOICES}
              className="fb-inv-empty"
              description="没有符合查询条件的发票。"
            />
          }
          rowKey={(r) => r.id}
          rowData={invoiceRowData}
          card={invoiceCard<StaffInvoiceRow>([['用户', (r) => r.userName]])}
          table={{
            className: 'fb-inv-table fb-inv-desk-table',
            label: '发票列表',
            columns: [
              ...invoiceColumns<StaffInvoiceRow>(customer),
              { header: '订单号', cell: (r) => r.orderNo, className: 'fb-inv-no' },
            ],
          }}
        />
        <ListPager
          data={list.data && { totalCount: list.data.totals, pageSize: list.data.pageSize }}
          pageSize={INVOICE_LIST_SIZE}
          testId="invoice-pager"
        />
      </Card>
    </>
  );
};
