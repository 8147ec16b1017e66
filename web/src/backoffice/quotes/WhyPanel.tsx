/** 为何是这个价格: under a quote line of the cell dialog, the rule versions that rated it and the engine's trace. */
import { Button, Callout, HTMLTable, Spinner, Tag } from '@blueprintjs/core';
import { NonIdealState } from '../../shared/NonIdealState.tsx';
import useSWR from 'swr';
import { answeredByRules, namesOf, type QuoteWhy, ruleRefText, traceRows, whyPath } from './why.ts';

/** The rule app's list of rules and their versions; it opens beside the desk (its own sign-in). */
const RULE_LIST_PAGE = '/rules/ruleList';

export const WhyPanel = ({ requestId, lineKey }: { requestId: string; lineKey: string }) => {
  const { data, error, mutate } = useSWR<QuoteWhy>([whyPath, { requestId, key: lineKey }], {
    revalidateOnFocus: false,
  });
  if (error)
    return (
      <NonIdealState
        icon="error"
        title="无法读取定价依据"
        description={(error as Error).message}
        action={<Button text="重试" onClick={() => void mutate()} />}
        className="fb-quote-why"
      />
    );
  if (!data) return <Spinner size={20} aria-label="加载中" />;
  if (!answeredByRules(data))
    return (
      <Callout compact className="fb-quote-why" data-testid="quote-why">
        该答复由人工录入或早于规则平台，没有规则依据。
      </Callout>
    );
  const rows = traceRows(data.trace, namesOf(data));
  return (
    <div className="fb-quote-why" data-testid="quote-why">
      <div className="fb-quote-why-rules">
        <span className="fb-muted">定价规则：</span>
        {data.rules.map((ref) => (
          <span key={ruleRefText(ref)} className="fb-quote-why-rule" data-testid="quote-why-rule">
            <a
              href={`${RULE_LIST_PAGE}?${new URLSearchParams({ ruleId: ref.ruleId })}`}
              target="_blank"
              rel="noopener noreferrer"
            >
              {ref.name ?? ref.ruleId}
            </a>{' '}
            <Tag minimal>{ruleRefText(ref)}</Tag>
          </span>
        ))}
      </div>
      {rows.length === 0 ? (
        <p className="fb-muted">没有记录执行轨迹。</p>
      ) : (
        <div className="fb-quote-why-scroll">
          <HTMLTable compact striped className="fb-table" aria-label="执行轨迹">
            <thead>
              <tr>
                <th>规则</th>
                <th>节点</th>
                <th>类型</th>
                <th>命中</th>
                <th>输出</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: the trace is a fixed, ordered list
                <tr key={i} data-testid="quote-why-step">
                  <td title={r.rule}>{r.ruleName}</td>
                  <td>{r.node}</td>
                  <td>{r.type}</td>
                  <td>{r.matched}</td>
                  <td className="fb-quote-why-output">{r.output}</td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
        </div>
      )}
    </div>
  );
};
