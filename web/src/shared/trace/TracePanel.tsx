/**
 * The one engine-trace table: the quote desk's 为何是这个价格, the rule editor's 试算 and the batch
 * test detail show the same steps, each with the columns and words its readers need.
 */
import { HTMLTable } from '@blueprintjs/core';
import type { TraceStep } from '@feibao/domain/rules/rating';
import { engineRows, traceRows } from './trace.ts';

export type TraceColumn = 'rule' | 'node' | 'type' | 'matched' | 'output';

const headings: Record<TraceColumn, string> = {
  rule: '规则',
  node: '节点',
  type: '类型',
  matched: '命中',
  output: '输出',
};

type Props = {
  steps: readonly TraceStep[];
  columns: readonly TraceColumn[];
  /** 'engine': as the engine wrote it (rule authors); 'words': in staff's words with rule names. */
  words: 'engine' | 'words';
  /** Rule names by id, for the words. */
  names?: ReadonlyMap<string, string>;
  className?: string;
  striped?: boolean;
  /** The output cell's class (long outputs wrap there). */
  outputClassName?: string;
  'aria-label'?: string;
  testId?: string;
  rowTestId?: string;
};

export const TracePanel = ({
  steps,
  columns,
  words,
  names,
  className,
  striped,
  outputClassName,
  'aria-label': ariaLabel,
  testId,
  rowTestId,
}: Props) => {
  const rows = words === 'words' ? traceRows(steps, names) : engineRows(steps);
  return (
    <HTMLTable compact striped={striped} className={className} aria-label={ariaLabel} data-testid={testId}>
      <thead>
        <tr>
          {columns.map((c) => (
            <th key={c}>{headings[c]}</th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((r, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the trace is a fixed, ordered list
          <tr key={i} data-testid={rowTestId}>
            {columns.map((c) =>
              c === 'rule' ? (
                <td key={c} title={words === 'words' ? r.rule : undefined}>
                  {r.ruleName}
                </td>
              ) : (
                <td key={c} className={c === 'output' ? outputClassName : undefined}>
                  {r[c]}
                </td>
              ),
            )}
          </tr>
        ))}
      </tbody>
    </HTMLTable>
  );
};
