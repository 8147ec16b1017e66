import { Icon, type IconName } from '@blueprintjs/core';
import { type VerificationStatus, verificationStatusTable } from '@feibao/domain/verification/status';
import type { VerifyResult } from './api.ts';

const yuan = new Intl.NumberFormat('zh-CN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** Each status's icon; its colour comes from the card's class (verify.css). */
const statusIcon: Record<VerificationStatus, IconName> = {
  valid: 'tick-circle',
  notYetValid: 'time',
  expired: 'history',
  withdrawn: 'disable',
  cancelled: 'disable',
  notFound: 'error',
};

/** The answer: the status in its colour and icon, then only the fields the server shows (docs/api/verify.md). */
export const AnswerCard = ({ result }: { result: VerifyResult }) => {
  const { status, statusText, document } = result.answer;
  return (
    <section className={`fb-verify-card fb-verify-${status}`} aria-live="polite" aria-label="验真结果">
      <div className="fb-verify-status">
        <Icon icon={statusIcon[status]} size={36} />
        <div>
          <strong data-testid="verify-status">{statusText}</strong>
          <span className="fb-verify-message">{verificationStatusTable[status].hint}</span>
        </div>
      </div>
      {result.by === 'file' && (
        <p className={`fb-verify-file ${document ? 'fb-verify-file-genuine' : 'fb-verify-file-failed'}`}>
          <Icon icon={document ? 'endorsed' : 'warning-sign'} size={16} />
          <span>{result.message}</span>
        </p>
      )}
      {document && (
        <dl className="fb-verify-fields">
          <dt>单证类型</dt>
          <dd>{document.kindText}</dd>
          {document.versionText && (
            <>
              <dt>保单版本</dt>
              <dd data-testid="verify-version">{document.versionText}</dd>
            </>
          )}
          {document.endorsement && (
            <>
              <dt>批单号</dt>
              <dd>{document.endorsement.endorsementNo}</dd>
              <dt>批改生效日</dt>
              <dd>{document.endorsement.effectiveDate}</dd>
            </>
          )}
          <dt>保险公司</dt>
          <dd>{document.insurer}</dd>
          <dt>投保人</dt>
          <dd>{document.policyholder}</dd>
          {document.holder !== null && (
            <>
              <dt>证明持有人</dt>
              <dd>{document.holder}</dd>
            </>
          )}
          <dt>保险期间</dt>
          <dd>{document.period.text}</dd>
          <dt>承保无人机</dt>
          <dd>{document.droneCount} 架</dd>
          <dt>保障项目及保额</dt>
          <dd>
            <ul className="fb-verify-covers">
              {document.covers.map((cover) => (
                <li key={cover.name}>
                  <span>{cover.name}</span>
                  <span>¥{yuan.format(cover.sumInsured)}</span>
                </li>
              ))}
            </ul>
          </dd>
          <dt>内容指纹（SHA-256）</dt>
          <dd className="fb-verify-hash">{document.contentSha256}</dd>
        </dl>
      )}
    </section>
  );
};
