/**
 * The claim chosen on the desk: its summary and SLA, the staff steps, the assessment once made, and
 * beside them the evidence checklist with the photos by category (read-only here).
 */
import { Button, Callout, Card, Spinner, Tag } from '@blueprintjs/core';
import { NonIdealState } from '../../shared/NonIdealState.tsx';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useClaim } from '../../claims/api.ts';
import { AssessmentTable } from '../../claims/history/AssessmentTable.tsx';
import { ImagesSection } from '../../claims/images/ImagesSection.tsx';
import {
  accidentTypeLabel,
  claimStateIntent,
  claimStateLabel,
  claimStateMinimal,
  dateTime,
  money,
  overdueLabel,
} from '../../claims/labels.ts';
import { DeskActions } from './DeskActions.tsx';
import { assigneeText, type DeskClaim } from './desk.ts';
import { PolicyDocumentButton } from '../../documents/PolicyDocumentButton.tsx';
import { policyVersionText } from '../../claims/policyVersion.ts';

type Props = { claimId: string; me: string | undefined; onChanged: () => Promise<unknown> };

export const DeskPanel = ({ claimId, me, onChanged }: Props) => {
  const claim = useClaim(claimId);
  const reload = () => Promise.all([claim.mutate(), onChanged()]);
  if (claim.error)
    return (
      <Card className="fb-card fb-desk-panel">
        <NonIdealState
          icon="error"
          title="加载失败"
          description={(claim.error as Error).message}
          action={<Button text="重试" onClick={() => void claim.mutate()} />}
        />
      </Card>
    );
  const c = claim.data as DeskClaim | undefined;
  if (!c)
    return (
      <Card className="fb-card fb-desk-panel">
        <div className="fb-loading-block" aria-busy="true">
          <Spinner size={28} />
          <div>正在加载理赔单…</div>
        </div>
      </Card>
    );
  const accidentType = c.uavAccidentType ? accidentTypeLabel(c.uavAccidentType) : '—';
  return (
    <Card
      className="fb-card fb-desk-panel"
      data-testid="desk-panel"
      data-claim={c.claimSettlementNo}
      data-state={c.claimState}
    >
      <div className="fb-desk-panel-grid">
        <section className="fb-desk-panel-main">
          <div className="fb-row-between" style={{ gap: 8, flexWrap: 'wrap' }}>
            <h2 className="fb-section-title" style={{ margin: 0 }}>
              理赔单 {c.claimSettlementNo}
            </h2>
            <span className="fb-claim-state">
              <Tag
                intent={claimStateIntent(c.claimState)}
                minimal={claimStateMinimal(c.claimState)}
                className="fb-state-tag"
                data-testid="desk-panel-state"
              >
                {claimStateLabel(c.claimState)}
              </Tag>
              {c.sla.overdue.map((stage) => (
                <Tag key={stage} intent="danger" minimal icon="time" className="fb-state-tag">
                  {overdueLabel(stage)}
                </Tag>
              ))}
            </span>
          </div>
          <dl className="fb-desk-facts">
            <Fact label="保单号">{c.policyNo}</Fact>
            <Fact label="保单版本" testId="desk-panel-policy-version">
              {policyVersionText(c)}
            </Fact>
            <Fact label="保险公司">{c.insuranceCompanyName || '—'}</Fact>
            <Fact label="电子保单">
              <PolicyDocumentButton orderId={c.orderId} policyNo={c.policyNo} mobile={false} minimal />
            </Fact>
            <Fact label="报案人">{c.userName}</Fact>
            <Fact label="处理人" testId="desk-panel-assignee">
              {assigneeText(c.assignee, me)}
            </Fact>
            <Fact label="事故类型">{accidentType}</Fact>
            <Fact label="事故时间">{dateTime(c.accidentTime)}</Fact>
            <Fact label="事故地点">{c.accidentAddress || '—'}</Fact>
            <Fact label="报案时间">{dateTime(c.applyTime)}</Fact>
            <Fact label="提交时间">{dateTime(c.submittedAt)}</Fact>
            <Fact label="受理时间">{dateTime(c.acceptedAt)}</Fact>
            <Fact label="受理时限">{dateTime(c.sla.acceptDueAt)}</Fact>
            <Fact label="结案时限">{dateTime(c.sla.closeDueAt)}</Fact>
            <Fact label="定损金额">{money(c.lossAssessmentAmount)}</Fact>
            <Fact label="结案时间">{dateTime(c.finishClaimTime)}</Fact>
          </dl>
          {c.accidentTypeRemark && <p className="fb-desk-remark">{c.accidentTypeRemark}</p>}
          {c.evidenceRequest && (
            <Callout
              intent="warning"
              icon="paperclip"
              title="已要求补充材料"
              compact
              data-testid="desk-evidence-request"
            >
              {c.evidenceRequest.message}
              <div className="fb-muted">{dateTime(c.evidenceRequest.at)}</div>
            </Callout>
          )}
          <DeskActions claim={c} me={me} onChanged={reload} />
          {c.assessment && (
            <AssessmentTable
              format={money}
              testIdPrefix="desk"
              className="fb-table fb-desk-assessment"
              flagUnreadTerms
              assessment={c.assessment}
            />
          )}
          <Link to={`/platform/report?id=${encodeURIComponent(c.id)}&show=true`} className="fb-desk-report-link">
            查看完整报案信息
          </Link>
        </section>
        <section className="fb-desk-panel-side" aria-label="材料与照片">
          <ImagesSection claimId={c.id} editable={false} variant="desktop" evidence={c.evidence} />
        </section>
      </div>
    </Card>
  );
};

const Fact = ({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) => (
  <div className="fb-desk-fact">
    <dt>{label}</dt>
    <dd data-testid={testId}>{children}</dd>
  </div>
);
