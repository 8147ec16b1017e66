/**
 * The claimant's view of where the claim stands: the steps reached (submitted, accepted, more
 * evidence requested, assessed with the payable per cover, closed or withdrawn), the current one
 * and the expected next step with its working-day target.
 */
import { useEffect, useRef } from 'react';
import { Callout, Card, Tag } from '@blueprintjs/core';
import type { ClaimDetails } from '@feibao/domain/claims/api';
import type { Variant } from '../../shared/site.ts';
import { useClaimHistory } from '../api.ts';
import { AssessmentTable } from './AssessmentTable.tsx';
import { claimProgress, type ProgressStep } from './progress.ts';

const yuan = (n: number) => `${(Math.round(n * 100) / 100).toLocaleString('zh-CN', { maximumFractionDigits: 2 })} 元`;

const dotColor = (step: ProgressStep) =>
  step.status === 'pending'
    ? '#c5cbd3'
    : step.key === 'withdrawn'
      ? '#8f99a8'
      : step.status === 'current'
        ? '#2d72d2'
        : '#238551';

const StepAssessment = ({ step, mobile }: { step: ProgressStep; mobile: boolean }) => {
  const a = step.assessment;
  if (!a) return null;
  if (mobile)
    return (
      <div className="fb-progress-assessment" data-testid="progress-assessment">
        {a.exposures.map((e) => (
          <dl key={e.lineKey} className="fb-order-fields" style={{ margin: '4px 0' }}>
            <dt>{e.lineName}</dt>
            <dd>
              损失 {yuan(e.lossAmount)}，免赔 {yuan(e.deductibleAmount)}，赔付 <strong>{yuan(e.payableAmount)}</strong>
            </dd>
          </dl>
        ))}
        <div>
          合计赔付 <strong data-testid="progress-payable">{yuan(a.payableAmount)}</strong>
        </div>
      </div>
    );
  return <AssessmentTable assessment={a} format={yuan} testIdPrefix="progress" className="fb-progress-assessment" />;
};

export const ClaimProgress = ({ claim, variant }: { claim: ClaimDetails; variant: Variant }) => {
  const mobile = variant === 'mobile';
  const history = useClaimHistory(claim.id);
  // A newer claim (a step taken while the page was open) means newer history rows too.
  const seenVersion = useRef(claim.version);
  const reloadHistory = history.mutate;
  useEffect(() => {
    if (seenVersion.current === claim.version) return;
    seenVersion.current = claim.version;
    void reloadHistory();
  }, [claim.version, reloadHistory]);
  const { steps, next } = claimProgress(claim, history.data ?? []);
  return (
    <Card className="fb-card fb-claim-progress" data-testid="claim-progress">
      <h2 className="fb-section-title" style={{ marginTop: 0 }}>
        理赔进度
      </h2>
      <ol className="fb-progress-steps" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {steps.map((step, i) => (
          <li
            key={step.key}
            className={`fb-progress-step is-${step.status}`}
            data-testid={`progress-step-${step.key}`}
            data-status={step.status}
            aria-current={step.status === 'current' ? 'step' : undefined}
            style={{
              position: 'relative',
              padding: '0 0 14px 20px',
              marginLeft: 6,
              borderLeft:
                i === steps.length - 1
                  ? '2px solid transparent'
                  : `2px solid ${step.status === 'pending' ? '#e5e8eb' : '#abb3bf'}`,
              color: step.status === 'pending' ? 'var(--fb-muted)' : undefined,
            }}
          >
            <span
              aria-hidden
              style={{
                position: 'absolute',
                left: step.status === 'current' ? -9 : -7,
                top: step.status === 'current' ? 0 : 2,
                width: step.status === 'current' ? 16 : 12,
                height: step.status === 'current' ? 16 : 12,
                borderRadius: 8,
                background: dotColor(step),
                boxShadow: step.status === 'current' ? '0 0 0 3px rgba(45,114,210,0.25)' : undefined,
              }}
            />
            <div className="fb-row-between" style={{ gap: 8, flexWrap: 'wrap' }}>
              <span>
                {step.status === 'current' ? <strong>{step.title}</strong> : step.title}
                {step.status === 'current' && (
                  <Tag minimal intent={step.key === 'withdrawn' ? 'none' : 'primary'} style={{ marginLeft: 6 }}>
                    当前
                  </Tag>
                )}
                {step.overdue && (
                  <Tag intent="danger" style={{ marginLeft: 6 }} data-testid={`progress-overdue-${step.key}`}>
                    已超时
                  </Tag>
                )}
              </span>
              {step.at && <time className="fb-muted">{step.at}</time>}
            </div>
            {step.message && (
              <Callout intent="warning" compact style={{ marginTop: 4 }} data-testid="progress-evidence-message">
                {step.message}
              </Callout>
            )}
            <StepAssessment step={step} mobile={mobile} />
          </li>
        ))}
      </ol>
      {next && (
        <Callout
          intent={next.overdue ? 'danger' : 'primary'}
          compact
          className="fb-progress-next"
          data-testid="progress-next"
          icon={next.overdue ? 'time' : 'arrow-right'}
        >
          <div>
            下一步：<strong>{next.title}</strong>
            {next.overdue && (
              <Tag intent="danger" style={{ marginLeft: 6 }} data-testid="progress-next-overdue">
                已超时
              </Tag>
            )}
          </div>
          <div className="fb-muted">{next.hint}</div>
          {next.dueAt && (
            <div>
              预计最晚：<span data-testid="progress-next-due">{next.dueAt}</span>（北京时间）
            </div>
          )}
        </Callout>
      )}
    </Card>
  );
};
