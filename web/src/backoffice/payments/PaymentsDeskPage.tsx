/**
 * 支付管理 (/backoffice/payments): every trade with its amount, due, paid and underwriting times, filtered
 * by status or exception and searched by order number (a prefix) or the customer's whole phone; the
 * exceptions (paid but not underwritten in time, a refund pending) stand out. The second tab lists the
 * refused gateway notifications. Admins only; the server refuses everyone else on every call anyway.
 * Filters and page live in the address, except the phone (it does not belong in an address).
 */
import { type FormEvent, useState } from 'react';
import { Button, Card, HTMLSelect, HTMLTable, InputGroup, Tab, Tabs, Tag } from '@blueprintjs/core';
import { useSearchParams } from 'react-router-dom';
import { paymentExceptions, paymentStatuses, type PaymentRow } from '@feibao/domain/payments/api';
import { parseOrderSearch } from '@feibao/domain/shared/search';
import { toast } from '../../api/toaster.ts';
import { ListPager, usePageParam } from '../../shared/ListPager.tsx';
import { NonIdealState } from '../../shared/NonIdealState.tsx';
import { dateTime, yuan } from '../../payments/format.ts';
import { BackofficeFrame } from '../BackofficeFrame.tsx';
import { PAYMENT_PAGE_SIZE, usePaymentPage, useRefusedNotifications } from './api.ts';
import { paymentExceptionNames, paymentFiltersOf, paymentStatusIntent, paymentStatusNames } from './labels.ts';
import './payments.css';

export const PaymentsDeskPage = () => (
  <BackofficeFrame area="payments" testId="payments-desk">
    <PaymentsDesk />
  </BackofficeFrame>
);

const PaymentsDesk = () => {
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'refused' ? 'refused' : 'trades';
  const set = (patch: Record<string, string>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(patch)) {
      if (v) next.set(k, v);
      else next.delete(k);
    }
    next.delete('page');
    setParams(next);
  };
  return (
    <>
      <div className="fb-row-between">
        <h1 className="fb-page-title">支付管理</h1>
      </div>
      <Card className="fb-card fb-paydesk-card">
        <Tabs
          id="payments-tabs"
          selectedTabId={tab}
          onChange={(id) => set({ tab: id === 'refused' ? 'refused' : '' })}
          renderActiveTabPanelOnly
        >
          <Tab id="trades" title="支付记录" panel={<Trades params={params} set={set} />} />
          <Tab id="refused" title="被拒通知" panel={<Refused />} data-testid="payments-refused-tab" />
        </Tabs>
      </Card>
    </>
  );
};

const Trades = ({ params, set }: { params: URLSearchParams; set: (patch: Record<string, string>) => void }) => {
  const { page } = usePageParam();
  const filters = paymentFiltersOf(params);
  const [phone, setPhone] = useState('');
  const list = usePaymentPage(page, { ...filters, phone });
  const [orderNoDraft, setOrderNoDraft] = useState(filters.orderNo);
  const [phoneDraft, setPhoneDraft] = useState(phone);

  const search = (e: FormEvent) => {
    e.preventDefault();
    const parsed = parseOrderSearch({ orderNo: orderNoDraft, phone: phoneDraft });
    if (!parsed.ok) {
      toast.warning(parsed.message);
      return;
    }
    setPhone(parsed.search.phone ?? '');
    set({ orderNo: parsed.search.orderNo ?? '' });
  };

  return (
    <>
      <div className="fb-paydesk-bar">
        <HTMLSelect
          aria-label="支付状态"
          value={filters.status}
          data-testid="payments-status"
          options={[
            { value: '', label: '全部状态' },
            ...paymentStatuses.map((s) => ({ value: s, label: paymentStatusNames[s] })),
          ]}
          onChange={(e) => set({ status: e.currentTarget.value })}
        />
        <HTMLSelect
          aria-label="异常"
          value={filters.exception}
          data-testid="payments-exception"
          options={[
            { value: '', label: '异常：不限' },
            ...paymentExceptions.map((x) => ({ value: x, label: `异常：${paymentExceptionNames[x]}` })),
          ]}
          onChange={(e) => set({ exception: e.currentTarget.value })}
        />
        <form className="fb-paydesk-search" onSubmit={search} noValidate>
          <InputGroup
            aria-label="订单号"
            placeholder="订单号或其开头"
            maxLength={32}
            value={orderNoDraft}
            onValueChange={setOrderNoDraft}
            data-testid="payments-orderNo"
          />
          <InputGroup
            aria-label="客户手机号"
            placeholder="客户完整手机号"
            type="tel"
            inputMode="numeric"
            maxLength={13}
            value={phoneDraft}
            onValueChange={setPhoneDraft}
            data-testid="payments-phone"
          />
          <Button type="submit" icon="search" text="查询" data-testid="payments-search" />
        </form>
        <Button icon="refresh" text="刷新" loading={list.isValidating} onClick={() => void list.mutate()} />
      </div>
      {list.error ? (
        <NonIdealState
          icon="error"
          title="加载失败"
          description={(list.error as Error).message}
          action={<Button text="重试" onClick={() => void list.mutate()} />}
        />
      ) : list.data && list.data.list.length === 0 ? (
        <NonIdealState icon="bank-account" title="暂无数据" description="没有符合条件的支付记录。" />
      ) : (
        <HTMLTable compact striped className="fb-paydesk-table" aria-label="支付记录" aria-busy={!list.data}>
          <thead>
            <tr>
              <th>订单号</th>
              <th>客户</th>
              <th>保险公司</th>
              <th className="fb-num">金额</th>
              <th>状态</th>
              <th>支付期限</th>
              <th>支付时间</th>
              <th>承保时间</th>
              <th>交易号</th>
            </tr>
          </thead>
          <tbody>
            {(list.data?.list ?? []).map((r) => (
              <TradeRow key={r.tradeNo} row={r} />
            ))}
          </tbody>
        </HTMLTable>
      )}
      <ListPager
        data={list.data && { totalCount: list.data.total, pageSize: PAYMENT_PAGE_SIZE }}
        pageSize={PAYMENT_PAGE_SIZE}
        testId="payments-pager"
      />
    </>
  );
};

const TradeRow = ({ row }: { row: PaymentRow }) => (
  <tr data-testid="payment-row" data-order={row.orderNo} className={row.exception ? 'fb-paydesk-exception' : undefined}>
    <td className="fb-paydesk-mono">{row.orderNo}</td>
    <td>
      {row.customerName}
      <div className="fb-muted">{row.customerPhone}</div>
    </td>
    <td>{row.insurerName}</td>
    <td className="fb-num">{yuan(row.amount)}</td>
    <td>
      <Tag intent={paymentStatusIntent(row.status)} minimal={row.status === 'refunded'}>
        {paymentStatusNames[row.status]}
      </Tag>
      {row.exception && (
        <Tag intent="danger" icon="warning-sign" className="fb-paydesk-flag" data-testid="payment-exception">
          {paymentExceptionNames[row.exception]}
        </Tag>
      )}
    </td>
    <td className="fb-nowrap">{dateTime(row.dueAt)}</td>
    <td className="fb-nowrap">{dateTime(row.paidAt)}</td>
    <td className="fb-nowrap">{dateTime(row.underwrittenAt)}</td>
    <td className="fb-paydesk-mono">{row.tradeNo}</td>
  </tr>
);

const Refused = () => {
  const { page } = usePageParam();
  const list = useRefusedNotifications(page, true);
  return (
    <>
      <p className="fb-muted fb-paydesk-note">
        网关通知验签失败、金额或交易不符时被拒绝，不改变任何订单；每条都已记入安全日志。
      </p>
      {list.error ? (
        <NonIdealState icon="error" title="加载失败" description={(list.error as Error).message} />
      ) : list.data && list.data.list.length === 0 ? (
        <NonIdealState icon="shield" title="暂无被拒通知" />
      ) : (
        <HTMLTable compact striped className="fb-paydesk-table" aria-label="被拒通知" aria-busy={!list.data}>
          <thead>
            <tr>
              <th>时间</th>
              <th>支付渠道</th>
              <th>交易号</th>
              <th>原因</th>
              <th className="fb-num">通知金额</th>
              <th>来源地址</th>
            </tr>
          </thead>
          <tbody>
            {(list.data?.list ?? []).map((r) => (
              <tr key={r.id} data-testid="refused-row">
                <td className="fb-nowrap">{dateTime(r.receivedAt)}</td>
                <td>{r.provider}</td>
                <td className="fb-paydesk-mono">{r.tradeNo ?? '—'}</td>
                <td>
                  <Tag intent="danger" minimal>
                    {r.reason}
                  </Tag>{' '}
                  <span className="fb-muted">{r.reasonCode}</span>
                </td>
                <td className="fb-num">{r.amountClaimed ?? '—'}</td>
                <td>{r.remoteAddress ?? '—'}</td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      )}
      <ListPager
        data={list.data && { totalCount: list.data.total, pageSize: PAYMENT_PAGE_SIZE }}
        pageSize={PAYMENT_PAGE_SIZE}
        testId="refused-pager"
      />
    </>
  );
};
