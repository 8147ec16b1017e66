/** The rows of a 批改 as the 批单 prints them: what changed, before and after, the premium for the days left. */
import { HTMLTable } from '@blueprintjs/core';
import type { PolicyChangeRow } from '@feibao/domain/ordering/order.events';
import { money } from './format.ts';

const kinds: Record<PolicyChangeRow['kind'], string> = {
  addDrone: '新增',
  removeDrone: '删除',
  changeAmount: '变更保额',
  changeContact: '变更联系方式',
};
const diff = (n: number) => (n === 0 ? '—' : n > 0 ? `+${money(n)}` : `-${money(-n)}`);

export const ChangeRows = ({ rows, mobile }: { rows: readonly PolicyChangeRow[]; mobile: boolean }) =>
  mobile ? (
    <ul className="fb-endorsement-rows-m" data-testid="endorsement-rows">
      {rows.map((r) => (
        <li key={`${r.kind}-${r.label}-${r.after ?? ''}`}>
          <div>
            <strong>{kinds[r.kind]}</strong> {r.label}
          </div>
          <div className="fb-endorsement-row-detail">
            {r.before ?? '—'} → {r.after ?? '—'}{' '}
            <span className="fb-endorsement-diff">{diff(r.premiumDifference)}</span>
          </div>
        </li>
      ))}
    </ul>
  ) : (
    <HTMLTable compact striped className="fb-endorsement-rows" data-testid="endorsement-rows">
      <thead>
        <tr>
          <th>变更</th>
          <th>项目</th>
          <th>变更前</th>
          <th>变更后</th>
          <th>保费差额</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={`${r.kind}-${r.label}-${r.after ?? ''}`}>
            <td>{kinds[r.kind]}</td>
            <td>{r.label}</td>
            <td>{r.before ?? '—'}</td>
            <td>{r.after ?? '—'}</td>
            <td>{diff(r.premiumDifference)}</td>
          </tr>
        ))}
      </tbody>
    </HTMLTable>
  );
