/**
 * A list page's body: signed out, failed, loading or empty; else cards on mobile and a table on
 * desktop, each built from its spec so the two list pages share one scaffold.
 */
import { Fragment } from 'react';
import type { ReactNode } from 'react';
import { Button, Card, HTMLTable, Spinner } from '@blueprintjs/core';
import { NonIdealState } from './NonIdealState.tsx';

/** A desktop column: its header and the cell a row shows under it. */
export type Column<T> = { header: string; cell: (row: T) => ReactNode; className?: string };

/** A mobile card: title and tag on top, labelled fields, then the row's buttons. */
export type CardSpec<T> = {
  /** Added to fb-order-card. */
  className?: string;
  title: (row: T) => ReactNode;
  tag: (row: T) => ReactNode;
  fields: readonly (readonly [label: string, value: (row: T) => ReactNode])[];
  actions: (row: T) => ReactNode;
};

type Props<T> = {
  mobile: boolean;
  signedIn: boolean;
  /** Shown under 请先登录. */
  signInHint: string;
  /** The page query; no data yet means loading. */
  list: { data: { datas: readonly T[] } | undefined; error?: unknown; mutate: () => unknown };
  loadingText: string;
  empty: ReactNode;
  rowKey: (row: T) => string;
  /** Data attributes of a row's card and table row alike: tests find rows by them. */
  rowData: (row: T) => Record<`data-${string}`, string | number>;
  card: CardSpec<T>;
  table: { className: string; label: string; columns: readonly Column<T>[] };
};

export function DataList<T>({
  mobile,
  signedIn,
  signInHint,
  list,
  loadingText,
  empty,
  rowKey,
  rowData,
  card,
  table,
}: Props<T>) {
  if (!signedIn) return <NonIdealState icon="lock" title="请先登录" description={signInHint} />;
  if (list.error)
    return (
      <NonIdealState
        icon="error"
        title="加载失败"
        description={(list.error as Error).message}
        action={<Button text="重试" onClick={() => void list.mutate()} />}
      />
    );
  const rows = list.data?.datas;
  if (!rows)
    return (
      <div className="fb-loading-block" aria-busy="true">
        <Spinner size={28} />
        <div>{loadingText}</div>
      </div>
    );
  if (rows.length === 0) return empty;
  if (mobile)
    return (
      <div className="fb-order-cards">
        {rows.map((row) => (
          <Card
            key={rowKey(row)}
            className={card.className ? `fb-order-card ${card.className}` : 'fb-order-card'}
            {...rowData(row)}
          >
            <div className="fb-row-between">
              <strong className="fb-order-no">{card.title(row)}</strong>
              {card.tag(row)}
            </div>
            <dl className="fb-order-fields">
              {card.fields.map(([label, value]) => (
                <Fragment key={label}>
                  <dt>{label}</dt>
                  <dd>{value(row)}</dd>
                </Fragment>
              ))}
            </dl>
            {card.actions(row)}
          </Card>
        ))}
      </div>
    );
  return (
    <div className="fb-table-scroll">
      <HTMLTable striped compact className={`fb-table ${table.className}`} aria-label={table.label}>
        <thead>
          <tr>
            {table.columns.map((c) => (
              <th key={c.header}>{c.header}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)} {...rowData(row)}>
              {table.columns.map((c) => (
                <td key={c.header} className={c.className}>
                  {c.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </HTMLTable>
    </div>
  );
}
