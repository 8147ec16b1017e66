/**
 * 投保要求 on the cover plan (docs/api/requirements.md): the customer's requirements, each insurer's
 * quote marked ✓/✗/待定 per requirement with the server's reason, and 只看满足要求的报价, which hides
 * the failing insurers' columns (desktop) or cards (mobile) through the plan screen's hiddenInsurerIds.
 */
import { useEffect, useState } from 'react';
import { type AdditionalInsured, hasRequirements, type Requirements } from '@feibao/domain/ordering/requirements';
import { Button, Callout, HTMLTable, Switch } from '@blueprintjs/core';
import type { InsurerMatch, RequirementCheck } from '@feibao/domain/ordering/requirementMatch';
import { can } from '../actions.ts';
import type { PlanScreen } from '../plan/usePlanScreen.ts';
import { useRequirementMatch } from './api.ts';
import { RequirementsForm } from './RequirementsForm.tsx';
import { RequirementsSummary } from './RequirementsSummary.tsx';
import { VerdictMark } from './VerdictMark.tsx';
import './requirements.css';

export const ONLY_MATCHING = '只看满足要求的报价';
const CheckCell = ({ check }: { check: RequirementCheck | undefined }) =>
  check ? (
    <div className="fb-check">
      <VerdictMark verdict={check.verdict} />
      <small>{check.reason}</small>
    </div>
  ) : (
    <span className="fb-muted">—</span>
  );

const MatchTable = ({ insurers }: { insurers: InsurerMatch[] }) => {
  const rows = insurers[0]?.checks ?? [];
  return (
    <div className="fb-table-scroll">
      <HTMLTable bordered compact className="fb-table fb-requirements-table" aria-label="投保要求核对">
        <thead>
          <tr>
            <th>要求</th>
            {insurers.map((i) => (
              <th key={i.insuranceCompanyId} data-insurer={i.insuranceCompanyId}>
                {i.insuranceCompanyName} <VerdictMark verdict={i.verdict} />
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.key} data-requirement={row.key}>
              <td>{row.label}</td>
              {insurers.map((i) => (
                <td key={i.insuranceCompanyId} data-insurer={i.insuranceCompanyId}>
                  <CheckCell check={i.checks.find((c) => c.key === row.key)} />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </HTMLTable>
    </div>
  );
};

const MatchCards = ({ insurers }: { insurers: InsurerMatch[] }) => (
  <div className="fb-requirements-cards">
    {insurers.map((i) => (
      <div key={i.insuranceCompanyId} className="fb-requirements-card" data-insurer={i.insuranceCompanyId}>
        <div className="fb-row-between">
          <strong>{i.insuranceCompanyName}</strong>
          <VerdictMark verdict={i.verdict} />
        </div>
        <ul>
          {i.checks.map((c) => (
            <li key={c.key} data-requirement={c.key}>
              <VerdictMark verdict={c.verdict} />
              <span>
                {c.label}
                <small className="fb-muted">{c.reason}</small>
              </span>
            </li>
          ))}
        </ul>
      </div>
    ))}
  </div>
);

export const RequirementsPanel = ({ screen, mobile }: { screen: PlanScreen; mobile: boolean }) => {
  const { id, order, setHiddenInsurerIds } = screen;
  const match = useRequirementMatch(id);
  // The plan is re-read every 2 s while quotes come in; a changed plan may change the verdicts.
  const planData = screen.plan.data;
  const rematch = match.mutate;
  useEffect(() => {
    if (planData) void rematch();
  }, [planData, rematch]);
  const [editing, setEditing] = useState(false);
  const [onlyMatching, setOnlyMatching] = useState(false);
  const [justSaved, setJustSaved] = useState<Requirements | null>(null);
  const data = match.data;
  const failing = (data?.insurers ?? []).filter((i) => i.verdict === 'unmet').map((i) => i.insuranceCompanyId);
  const failingKey = failing.join(',');
  // Follows the verdicts as quotes come in; leaving the page or the switch shows every insurer again.
  useEffect(() => {
    setHiddenInsurerIds(onlyMatching && failingKey ? failingKey.split(',').map(Number) : []);
  }, [onlyMatching, failingKey, setHiddenInsurerIds]);
  useEffect(() => () => setHiddenInsurerIds([]), [setHiddenInsurerIds]);

  /**
   * A read may answer before the projection has the write (read-your-writes holds it a few seconds at most, then
   * answers stale): show what was saved at once and read again until the answer has it.
   */
  const rereadUntil = async (saved: Requirements) => {
    const same = (r: Requirements | null | undefined) => JSON.stringify(r) === JSON.stringify(saved);
    setJustSaved(saved);
    try {
      for (let attempt = 0; attempt < 15; attempt++) {
        if (same((await match.mutate())?.requirements)) return;
        await new Promise((resolve) => setTimeout(resolve, 1000));
      }
    } finally {
      setJustSaved(null);
    }
  };

  if (!order || !id) return null;
  const editable = !screen.show && can(order.actions, 'stateRequirements');
  const requirements = justSaved ?? data?.requirements ?? null;
  const stated = hasRequirements(requirements);
  if (!stated && !editable) return null;
  const shown = (data?.insurers ?? []).filter((i) => !screen.hiddenInsurerIds.includes(i.insuranceCompanyId));

  return (
    <section className="fb-requirements" aria-label="投保要求" data-testid="requirements-panel">
      <div className="fb-row-between">
        <h2 className="fb-section-title">投保要求</h2>
        {editable && !editing && (
          <Button
            size={mobile ? 'medium' : 'small'}
            icon={stated ? 'edit' : 'add'}
            text={stated ? '修改要求' : '填写要求'}
            data-testid="requirements-edit"
            onClick={() => setEditing(true)}
          />
        )}
      </div>
      {editing ? (
        <RequirementsForm
          orderId={id}
          requirements={requirements}
          covers={screen.covers.data ?? []}
          mobile={mobile}
          onCancel={() => setEditing(false)}
          onSaved={(saved) => {
            setEditing(false);
            void rereadUntil(saved);
            void screen.refresh();
          }}
        />
      ) : stated ? (
        <RequirementsSummary requirements={requirements} readOnly={!editable && !!order.policyNo} />
      ) : (
        <p className="fb-muted">填写客户合同或民航局对保障的要求，逐家核对各保险公司的报价是否满足。</p>
      )}
      {match.error && <Callout intent="danger">{(match.error as Error).message}</Callout>}
      {stated && data && data.insurers.length > 0 && (
        <>
          <Switch
            className="fb-requirements-switch"
            label={ONLY_MATCHING}
            checked={onlyMatching}
            onChange={(e) => setOnlyMatching(e.currentTarget.checked)}
          />
          {onlyMatching && failing.length > 0 && (
            <p className="fb-muted">已隐藏 {failing.length} 家不满足要求的保险公司。</p>
          )}
          {shown.length === 0 ? (
            <Callout intent="warning" compact>
              没有满足全部要求的报价。
            </Callout>
          ) : mobile ? (
            <MatchCards insurers={shown} />
          ) : (
            <MatchTable insurers={shown} />
          )}
        </>
      )}
    </section>
  );
};

/**
 * 客户要求核对 beside the policy's certificates: the stated requirements against the bought insurer's quote, and
 * whether the named additional insured has a certificate yet. In this module so that the plan page and the
 * certificates load one chunk between them.
 */
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
  const match = useRequirementMatch(orderId);
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

export default RequirementsPanel;
