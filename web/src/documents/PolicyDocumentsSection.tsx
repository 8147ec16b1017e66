/**
 * The order page's 电子保单 and 投保证明 (both sites): the policy's download, and the certificates
 * the customer gave with their buttons, all from the server's `actions`.
 */
import { Suspense, lazy, useState } from 'react';
import type { AdditionalInsured } from '@feibao/domain/ordering/requirements';
import { Alert, Button, Callout, Card, HTMLTable, Spinner, Tag } from '@blueprintjs/core';
import type { CertificateRow } from '@feibao/domain/documents/api';
import { notifyError, toast } from '../api/toaster.ts';
import type { Variant } from '../shared/site.ts';
import { AddCertificateDialog } from './AddCertificateDialog.tsx';
import { downloadCertificate, usePolicyDocuments, withdrawCertificate } from './api.ts';
import { PolicyDocumentButton } from './PolicyDocumentButton.tsx';
import { PolicyVersionsSection } from './PolicyVersionsSection.tsx';
import './documents.css';

const CertificateRequirements = lazy(() =>
  import('../ordering/requirements/RequirementsPanel.tsx').then((m) => ({ default: m.CertificateRequirements })),
);

const dateTime = (iso: string | null) =>
  iso ? new Date(iso).toLocaleString('zh-CN', { timeZone: 'Asia/Shanghai', hour12: false }) : '—';

const statusTag = (c: CertificateRow) => (
  <Tag
    minimal
    intent={c.status === 'issued' ? 'success' : c.status === 'withdrawn' ? 'none' : 'primary'}
    className="fb-state-tag"
  >
    {c.statusText}
  </Tag>
);

export const PolicyDocumentsSection = ({ orderId, variant }: { orderId: string; variant: Variant }) => {
  const mobile = variant === 'mobile';
  const docs = usePolicyDocuments(orderId);
  const [adding, setAdding] = useState(false);
  const [withdrawing, setWithdrawing] = useState<CertificateRow | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  /** 投保要求's named additional insured: the add dialog offers it prefilled. */
  const [insured, setInsured] = useState<AdditionalInsured | null>(null);
  const data = docs.data;
  // Only policies have documents: an order before underwriting shows nothing here.
  if (!data || data.policyNo === null) return null;

  const size = mobile ? 'medium' : 'small';
  const download = async (c: CertificateRow) => {
    setBusy(c.certificateId);
    try {
      await downloadCertificate(c.certificateId, c.certificateNo);
    } catch (e) {
      notifyError(e);
    } finally {
      setBusy(null);
    }
  };
  const withdraw = async () => {
    if (!withdrawing) return;
    try {
      const env = await withdrawCertificate(withdrawing.certificateId);
      toast.success(env.message || '已撤销');
      await docs.mutate();
    } catch (e) {
      notifyError(e);
    } finally {
      setWithdrawing(null);
    }
  };
  const buttons = (c: CertificateRow) => (
    <div className="fb-row-actions">
      {c.actions.includes('download') && (
        <Button
          size={size}
          icon="download"
          text="下载"
          loading={busy === c.certificateId}
          onClick={() => void download(c)}
        />
      )}
      {c.actions.includes('withdraw') && (
        <Button
          size={size}
          intent="danger"
          variant="outlined"
          icon="undo"
          text="撤销"
          onClick={() => setWithdrawing(c)}
        />
      )}
    </div>
  );
  const holder = (c: CertificateRow) => (
    <div>
      <div className="fb-cert-holder">{c.holder.name}</div>
      <div className="fb-muted fb-cert-id">{c.holder.idNumber}</div>
    </div>
  );

  const list =
    data.certificates.length === 0 ? (
      <p className="fb-muted fb-cert-empty">尚未出具投保证明。项目方、场地方需要时，可在此免费添加。</p>
    ) : mobile ? (
      <div className="fb-cert-cards">
        {data.certificates.map((c) => (
          <Card key={c.certificateId} className="fb-cert-card" data-certificate={c.holder.name}>
            <div className="fb-row-between">
              {holder(c)}
              {statusTag(c)}
            </div>
            <div className="fb-muted">用途：{c.holder.purpose ?? '—'}</div>
            <div className="fb-muted">出具时间：{dateTime(c.issuedAt)}</div>
            {buttons(c)}
          </Card>
        ))}
      </div>
    ) : (
      <HTMLTable compact striped className="fb-cert-table" aria-label="投保证明列表">
        <thead>
          <tr>
            <th>证明持有人</th>
            <th>用途</th>
            <th>状态</th>
            <th>出具时间</th>
            <th>操作</th>
          </tr>
        </thead>
        <tbody>
          {data.certificates.map((c) => (
            <tr key={c.certificateId} data-certificate={c.holder.name}>
              <td>{holder(c)}</td>
              <td>{c.holder.purpose ?? '—'}</td>
              <td>{statusTag(c)}</td>
              <td>{dateTime(c.issuedAt)}</td>
              <td>{buttons(c)}</td>
            </tr>
          ))}
        </tbody>
      </HTMLTable>
    );

  return (
    <section className="fb-documents" aria-label="电子保单与投保证明" data-testid="policy-documents">
      <div className="fb-row-between fb-documents-head">
        <h2 className="fb-section-title">电子保单</h2>
        {data.actions.includes('downloadPolicy') ? (
          <PolicyDocumentButton orderId={orderId} policyNo={data.policyNo} mobile={mobile} />
        ) : (
          <span className="fb-muted fb-documents-pending">
            <Spinner size={14} /> 电子保单正在生成
          </span>
        )}
      </div>
      {data.policy && (
        <p className="fb-muted fb-documents-code">
          验证码 <code>{data.policy.verificationCode}</code> · 共 {data.policy.pages} 页
        </p>
      )}
      <PolicyVersionsSection orderId={orderId} versions={data.versions ?? []} mobile={mobile} />
      <div className="fb-row-between fb-documents-head">
        <h2 className="fb-section-title">投保证明</h2>
        {data.actions.includes('addCertificate') && (
          <Button
            size={size}
            intent="primary"
            icon="add"
            text="添加投保证明"
            data-testid="certificate-add"
            onClick={() => setAdding(true)}
          />
        )}
      </div>
      {docs.error ? <Callout intent="danger">{(docs.error as Error).message}</Callout> : list}
      <Suspense>
        <CertificateRequirements
          orderId={orderId}
          holderNames={data.certificates.filter((c) => c.status !== 'withdrawn').map((c) => c.holder.name)}
          onInsured={setInsured}
        />
      </Suspense>
      <AddCertificateDialog
        orderId={orderId}
        suggested={insured}
        isOpen={adding}
        mobile={mobile}
        onClose={() => setAdding(false)}
        onDone={() => {
          setAdding(false);
          void docs.mutate();
        }}
      />
      <Alert
        isOpen={withdrawing !== null}
        intent="danger"
        icon="undo"
        cancelButtonText="取消"
        confirmButtonText="撤销"
        onCancel={() => setWithdrawing(null)}
        onConfirm={() => void withdraw()}
      >
        确定撤销出具给“{withdrawing?.holder.name}”的投保证明吗？撤销后，该证明的验证结果将显示为已撤销。
      </Alert>
    </section>
  );
};
