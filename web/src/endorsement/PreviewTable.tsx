/** The priced preview the customer confirms: per line the old and new premium and the difference for the days left. */
import { Callout, HTMLTable } from '@blueprintjs/core';
import { dateOnly, money } from './format.ts';
import type { EndorsementPreview } from './api.ts';
import { signed } from './EndorsementStatus.tsx';

const diff = (n: number) => (n === 0 ? '—' : n > 0 ? `+${money(n)}` : `-${money(-n)}`);

export const PreviewTable = ({ preview, mobile }: { preview: EndorsementPreview; mobile: boolean }) => {
  const changed = preview.lines.filter((l) => l.difference !== 0 || l.oldKey === null || l.key === null);
  return (
    <div className="fb-endorse-preview" data-testid="endorse-preview">
      <div className="fb-endorsement-meta">
        自 {dateOnly(preview.effectiveDate)} 起生效，剩余 {preview.daysLeft}/{preview.termDays} 天，按比例计算
      </div>
      {mobile ? (
        <ul className="fb-endorsement-rows-m">
          {changed.map((l) => (
            <li key={`${l.oldKey}-${l.key}`}>
              <div>
                <strong>{l.label}</strong>
              </div>
              <div className="fb-endorsement-row-detail">
                年保费 {money(l.oldPremium)} → {money(l.newPremium)}{' '}
                <span className="fb-endorsement-diff">{diff(l.difference)}</span>
              </div>
            </li>
          ))}
        </ul>
      ) : (
        <HTMLTable compact striped className="fb-endorsement-rows">
          <thead>
            <tr>
              <th>险种</th>
              <th>原保额</th>
              <th>新保额</th>
              <th>原保费</th>
              <th>新保费</th>
              <th>本次差额</th>
            </tr>
          </thead>
          <tbody>
            {changed.map((l) => (
              <tr key={`${l.oldKey}-${l.key}`}>
                <td>{l.label}</td>
                <td>{l.oldAmount ?? '—'}</td>
                <td>{l.newAmount ?? '—'}</td>
                <td>{money(l.oldPremium)}</td>
                <td>{money(l.newPremium)}</td>
                <td>{diff(l.difference)}</td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      )}
      <div className="fb-endorse-total" data-testid="endorse-total">
        合计：{signed(preview.total)}
        {preview.minimumApplied === 'extra' && `（不足最低加费，按 ${money(preview.terms.minimumExtra)} 收取）`}
        {preview.minimumApplied === 'return' && `（低于最低退费 ${money(preview.terms.minimumReturn)}，不予退还）`}
      </div>
      {preview.refusal && (
        <Callout intent="danger" compact>
          无法批改：{preview.refusal}
        </Callout>
      )}
      {preview.referral && !preview.refusal && (
        <Callout intent="warning" compact>
          提交后将由保险公司人工审核：{preview.referral}
        </Callout>
      )}
    </div>
  );
};
