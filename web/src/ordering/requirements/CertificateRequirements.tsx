/**
 * 客户要求核对 beside the policy's certificates (docs/api/requirements.md): the stated requirements
 * against the bought insurer's quote, and whether the named additional insured has a certificate yet.
 */
import { useEffect } from 'react';
import type { AdditionalInsured } from '@feibao/domain/ordering/requirements';
import type { RequirementCheck } from '@feibao/domain/ordering/requirementMatch';
import { useRequirementMatch } from './api.ts';
import { VerdictMark } from './VerdictMark.tsx';
import './requirements.css';

export const CertificateRequirements = ({
  orderId,
  holderNames,
  onInsured,
}: {
  orderId: string;
  /** Holders of the certificates not withdrawn. */
  holderNames: readonly string[];
  /** The named additional insured, for the add dialog to offer prefilled. */
  onInsured: (insured: AdditionalInsured | null) => void;
}) => {
  const match = useRequirementMatch(orderId, undefined);
  const insured = match.data?.requirements?.additionalInsured ?? null;
  useEffect(() => onInsured(insured), [insured, onInsured]);
  const checks = match.data?.policy?.checks ?? [];
  if (checks.length === 0) return null;
  const rows = checks.map(
    (c): RequirementCheck =>
      c.kind === 'additionalInsured' && insured
        ? holderNames.includes(insured.name)
          ? { ...c, verdict: 'met', reason: `已为「${insured.name}」出具保险证明` }
          : { ...c, verdict: 'unmet', reason: `尚未为「${insured.name}」出具保险证明` }
        : c,
  );
  return (
    <div className="fb-requirements fb-certificate-requirements" data-testid="certificate-requirements">
      <h3 className="fb-section-title">客户要求核对</h3>
      <ul className="fb-requirements-checklist">
        {rows.map((c) => (
          <li key={c.key} data-requirement={c.key}>
            <VerdictMark verdict={c.verdict} />
            <span>
              {c.label}
              <small className="fb-muted"> {c.reason}</small>
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
};

export default CertificateRequirements;
