import { RuleVersionStatuses } from '@feibao/domain/rules/rule';
import { useRuleList } from './api.ts';
import { formatHours, nameOf, ruleStats, statusLabels } from './model.ts';
import { Loaded, RulesScreen } from './Screen.tsx';
import { TableScroll } from '../layout/TableScroll.tsx';

/** 启用与统计: versions by status, by rule and by month, and how long review takes. */
export const StatsPage = () => {
  const { data, error, mutate } = useRuleList();
  return (
    <RulesScreen route="ruleApplication" testId="rules-stats">
      <Loaded data={data} error={error} retry={() => void mutate()}>
        {(rules) => {
          const stats = ruleStats(rules);
          return (
            <>
              <div className="rp-stat-cards">
                {RuleVersionStatuses.map((s) => (
                  <div key={s} className="rp-stat" data-testid="rules-stat" data-status={s}>
                    <div className="rp-stat-value">{stats.byStatus[s]}</div>
                    <div className="rp-muted">{statusLabels[s]}</div>
                  </div>
                ))}
                <div className="rp-stat" data-testid="rules-stat-mean">
                  <div className="rp-stat-value">{formatHours(stats.meanHoursToApprove)}</div>
                  <div className="rp-muted">提交到审批平均用时（{stats.approvedCount} 个版本）</div>
                </div>
              </div>
              <TableScroll label="按规则统计">
                <table className="bp6-html-table bp6-html-table-striped rp-table" data-testid="rules-stats-by-rule">
                  <thead>
                    <tr>
                      <th>规则</th>
                      <th>版本数</th>
                      {RuleVersionStatuses.map((s) => (
                        <th key={s}>{statusLabels[s]}</th>
                      ))}
                    </tr>
                  </thead>
                  <tbody>
                    {stats.byRule.map((r) => (
                      <tr key={r.ruleId}>
                        <td>
                          {nameOf(rules.find((x) => x.ruleId === r.ruleId) ?? { ruleId: r.ruleId, definition: null })}{' '}
                          <span className="rp-muted">{r.ruleId}</span>
                        </td>
                        <td>{r.total}</td>
                        {RuleVersionStatuses.map((s) => (
                          <td key={s}>{r.byStatus[s] ?? 0}</td>
                        ))}
                      </tr>
                    ))}
                  </tbody>
                </table>
              </TableScroll>
              <h3 className="rp-section-title">按月统计</h3>
              <table className="bp6-html-table bp6-html-table-striped rp-table" data-testid="rules-stats-by-month">
                <thead>
                  <tr>
                    <th>月份</th>
                    <th>提交审核</th>
                    <th>审批通过</th>
                    <th>驳回</th>
                    <th>启用</th>
                  </tr>
                </thead>
                <tbody>
                  {stats.byMonth.map((m) => (
                    <tr key={m.month}>
                      <td>{m.month}</td>
                      <td>{m.submitted}</td>
                      <td>{m.approved}</td>
                      <td>{m.rejected}</td>
                      <td>{m.enabled}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </>
          );
        }}
      </Loaded>
    </RulesScreen>
  );
};
