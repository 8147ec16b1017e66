/**
 * One order's or claim's audit (/backoffice/audit/:kind/:id): its key facts, then its whole history
 * from the event stream as a timeline (who, when, what changed field by field, why), filterable by
 * kind of change (kept in the address), and the CSV of what is shown.
 */
import { type ReactNode, useState } from 'react';
import { Button, Card, SegmentedControl, Spinner, Tag } from '@blueprintjs/core';
import { NonIdealState } from '../../shared/NonIdealState.tsx';
import { isAuditChange } from '@feibao/domain/audit/changeKinds';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { notifyError } from '../../api/toaster.ts';
import { HistoryTimeline } from '../../claims/history/HistoryTimeline.tsx';
import { dateTime, money } from '../../claims/labels.ts';
import { BackofficeFrame } from '../BackofficeFrame.tsx';
import {
  type AuditChange,
  type AuditHistory,
  type AuditKind,
  type AuditSubject,
  downloadAuditCsv,
  useAuditHistory,
} from './api.ts';
import { auditPath, kindName, kindOf } from './labels.ts';
import './audit.css';
import { PolicyDocumentButton } from '../../documents/PolicyDocumentButton.tsx';
import { StaffPolicyVersions } from '../../documents/StaffPolicyVersions.tsx';
import { PurchaseRecordCard } from './PurchaseRecordCard.tsx';

export const AuditTimelinePage = () => {
  const { kind: rawKind, id } = useParams();
  const kind = kindOf(rawKind);
  return (
    <BackofficeFrame area="audit" testId="audit-timeline">
      <p className="fb-audit-back">
        <Link to="/backoffice/audit">← 返回审计查询</Link>
      </p>
      {kind && id ? (
        <AuditTimeline kind={kind} id={id} />
      ) : (
        <NonIdealState icon="error" title="地址不正确" description="请从审计查询中打开订单或理赔单。" />
      )}
    </BackofficeFrame>
  );
};

const AuditTimeline = ({ kind, id }: { kind: AuditKind; id: string }) => {
  const [params, setParams] = useSearchParams();
  const asked = params.get('change') ?? '';
  const change: AuditChange | '' = isAuditChange(asked) ? asked : '';
  const history = useAuditHistory(kind, id, change);
  const [exporting, setExporting] = useState(false);

  if (history.error)
    return (
      <NonIdealState
        icon="error"
        title="加载失败"
        description={(history.error as Error).message}
        action={<Button text="重试" onClick={() => void history.mutate()} />}
      />
    );
  const data = history.data;
  if (!data)
    return (
      <div className="fb-loading-block" aria-busy="true">
        <Spinner size={28} />
        <div>正在加载变更记录…</div>
      </div>
    );

  const filter = (value: string) => {
    const next = new URLSearchParams(params);
    if (value) next.set('change', value);
    else next.delete('change');
    setParams(next, { replace: true });
  };
  const exportCsv = async () => {
    setExporting(true);
    try {
      await downloadAuditCsv(kind, id, change);
    } catch (e) {
      notifyError(e);
    } finally {
      setExporting(false);
    }
  };
  const total = data.changes.reduce((n, c) => n + c.count, 0);

  return (
    <>
      <SubjectCard subject={data.subject} related={data.related} />
      {kind === 'order' && <PurchaseRecordCard orderId={id} />}
      <Card className="fb-card fb-audit-card" data-testid="audit-history">
        <div className="fb-row-between fb-audit-toolbar">
          <h2 className="fb-section-title">变更记录</h2>
          <div className="fb-audit-tools">
            <span data-testid="audit-filter">
              <SegmentedControl
                size="small"
                value={change}
                onValueChange={filter}
                options={[
                  { value: '', label: `全部 ${total}` },
                  ...data.changes.map((c) => ({ value: c.change, label: `${c.name} ${c.count}` })),
                ]}
              />
            </span>
            <Button
              icon="refresh"
              aria-label="刷新"
              loading={history.isValidating}
              onClick={() => void history.mutate()}
            />
            <Button
              icon="download"
              text="导出CSV"
              loading={exporting}
              onClick={() => void exportCsv()}
              data-testid="audit-csv"
            />
          </div>
        </div>
        <HistoryTimeline entries={data.entries} variant="desktop" />
      </Card>
    </>
  );
};

const Fact = ({ label, children }: { label: string; children: ReactNode }) => (
  <div className="fb-audit-fact">
    <dt>{label}</dt>
    <dd>{children}</dd>
  </div>
);

const period = (s: AuditSubject) =>
  s.startDate && s.endDate ? `${s.startDate.slice(0, 10)} 至 ${s.endDate.slice(0, 10)}` : '—';

const SubjectCard = ({ subject: s, related }: { subject: AuditSubject; related: AuditHistory['related'] }) => (
  <Card className="fb-card fb-audit-card" data-testid="audit-subject">
    <div className="fb-audit-title">
      <Tag large minimal intent={s.kind === 'order' ? 'primary' : 'warning'}>
        {kindName(s.kind)}
      </Tag>
      <h1 className="fb-page-title" data-testid="audit-number">
        {s.number}
      </h1>
      {s.stateName && <Tag large>{s.stateName}</Tag>}
    </div>
    <dl className="fb-audit-facts">
      <Fact label="手机号">{s.phone}</Fact>
      <Fact label="公司名称">{s.companyName ?? '—'}</Fact>
      <Fact label="保单号">{s.policyNo ?? '—'}</Fact>
      <Fact label="保险公司">{s.insurerName ?? '—'}</Fact>
      {s.policyNo && (
        <Fact label="电子保单">
          <PolicyDocumentButton orderId={s.orderId} policyNo={s.policyNo} mobile={false} minimal />
        </Fact>
      )}
      <Fact label={s.kind === 'order' ? '总保费' : '赔付金额'}>{money(s.amount)}</Fact>
      <Fact label="保险期间">{period(s)}</Fact>
      <Fact label="创建时间">{dateTime(s.createdAt)}</Fact>
      <Fact label="最近变更">{dateTime(s.updatedAt)}</Fact>
      {s.kind === 'claim' && (
        <Fact label="关联订单">
          <Link to={auditPath('order', s.orderId)} data-testid="audit-order-link">
            查看订单变更记录
          </Link>
        </Fact>
      )}
      {s.kind === 'order' && (
        <Fact label="关联理赔">
          {related.length === 0
            ? '无'
            : related.map((r) => (
                <Link
                  key={r.id}
                  to={auditPath('claim', r.id)}
                  className="fb-audit-related"
                  data-testid="audit-related-claim"
                >
                  {r.number}（{r.stateName}）
                </Link>
              ))}
        </Fact>
      )}
    </dl>
    {s.kind === 'order' && s.policyNo && <StaffPolicyVersions orderId={s.orderId} />}
  </Card>
);
