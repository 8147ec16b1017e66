/** 为何是这个价格: under a quote line of the cell dialog, the rule versions that rated it and the engine's trace. */
import { Button, Callout, Spinner, Tag } from '@blueprintjs/core';
import { NonIdealState } from '../../shared/NonIdealState.tsx';
import useSWR from 'swr';
import { TracePanel } from '../../shared/trace/TracePanel.tsx';
import { answeredByRules, namesOf, type QuoteWhy, ruleRefText, whyPath } from './why.ts';

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
      {data.trace.length === 0 ? (
        <p className="fb-muted">没有记录执行轨迹。</p>
      ) : (
        <div className="fb-quote-why-scroll">
          <TracePanel
            steps={data.trace}
            names={namesOf(data)}
            words="words"
            columns={['rule', 'node', 'type', 'matched', 'output']}
            striped
            className="fb-table"
            aria-label="执行轨迹"
            outputClassName="fb-quote-why-output"
            rowTestId="quote-why-step"
          />
        </div>
      )}
    </div>
  );
};
