/**
 * The desk's queues: a tab per queue over one table, rows in the order the server sorts them
 * (overdue first, then the nearest due time). A row opens the claim in the panel below.
 */
import { useEffect, useState } from 'react';
import { Button, Classes, HTMLTable, InputGroup, Spinner, Tab, Tabs, Tag } from '@blueprintjs/core';
import { NonIdealState } from '../../shared/NonIdealState.tsx';
import type { ClaimListPage } from '@feibao/domain/claims/api';
import { CLAIM_LIST_SIZE } from '../../claims/api.ts';
import { claimStateIntent, claimStateLabel, claimStateMinimal, dateTime, overdueLabel } from '../../claims/labels.ts';
import { ListPager } from '../../shared/ListPager.tsx';
import { assigneeText, type DeskRow, type DeskTabKey, deskTabs, isOverdueRow, slaAgeText } from './desk.ts';

type Props = {
  tab: DeskTabKey;
  onTab: (key: DeskTabKey) => void;
  list: { data: ClaimListPage | undefined; error?: unknown; mutate: () => unknown };
  selectedId: string | null;
  onSelect: (id: string) => void;
  me: string | undefined;
  /** The claim number searched for within the queue ('' for none). */
  search: string;
  onSearch: (claimNo: string) => void;
};

/** Past its due time already, even before the SLA job has flagged it. */
const pastDue = (row: DeskRow, now: number) =>
  isOverdueRow(row) || (row.stageDueAt ? Date.parse(row.stageDueAt) < now : false);

export const DeskQueue = ({ tab, onTab, list, selectedId, onSelect, me, search, onSearch }: Props) => (
  <div className="fb-desk-queue">
    <div className="fb-row-between fb-desk-queue-bar">
      <Tabs id="desk-queues" selectedTabId={tab} onChange={(t) => onTab(t as DeskTabKey)} large={false}>
        {deskTabs.map((t) => (
          <Tab key={t.key} id={t.key} title={t.label} data-testid={`desk-tab-${t.key}`} />
        ))}
      </Tabs>
      <SearchBox value={search} onSearch={onSearch} />
    </div>
    {/* The tabs' panel (Blueprint's tab points at this id): one table for whichever queue is chosen. */}
    <div
      role="tabpanel"
      id={`${Classes.TAB_PANEL}_desk-queues_${tab}`}
      aria-labelledby={`${Classes.TAB}-title_desk-queues_${tab}`}
    >
      <QueueTable list={list} selectedId={selectedId} onSelect={onSelect} me={me} />
      <ListPager data={list.data} pageSize={CLAIM_LIST_SIZE} testId="desk-pager" />
    </div>
  </div>
);

/** Finds one claim within the queue by its number; Enter searches, clearing shows the whole queue. */
const SearchBox = ({ value, onSearch }: { value: string; onSearch: (v: string) => void }) => {
  const [text, setText] = useState(value);
  useEffect(() => setText(value), [value]);
  return (
    <form
      className="fb-desk-search"
      onSubmit={(e) => {
        e.preventDefault();
        onSearch(text.trim());
      }}
    >
      <InputGroup
        type="search"
        leftIcon="search"
        aria-label="理赔单号"
        placeholder="按理赔单号查找"
        value={text}
        data-testid="desk-search"
        onChange={(e) => {
          setText(e.target.value);
          if (e.target.value === '') onSearch('');
        }}
      />
    </form>
  );
};

const QueueTable = ({ list, selectedId, onSelect, me }: Pick<Props, 'list' | 'selectedId' | 'onSelect' | 'me'>) => {
  if (list.error)
    return (
      <NonIdealState
        icon="error"
        title="加载失败"
        description={(list.error as Error).message}
        action={<Button text="重试" onClick={() => void list.mutate()} />}
      />
    );
  const rows = list.data?.datas as DeskRow[] | undefined;
  if (!rows)
    return (
      <div className="fb-loading-block" aria-busy="true">
        <Spinner size={28} />
        <div>正在加载队列…</div>
      </div>
    );
  if (rows.length === 0)
    return (
      <NonIdealState icon="inbox" title="暂无数据" description="这个队列里没有理赔单。" className="fb-desk-empty" />
    );
  const now = Date.now();
  return (
    <div className="fb-table-scroll">
      <HTMLTable compact interactive className="fb-table fb-desk-table" aria-label="理赔队列">
        <thead>
          <tr>
            <th>理赔单号</th>
            <th>保单号</th>
            <th>报案人</th>
            <th>状态</th>
            <th>时效</th>
            <th>当前时限</th>
            <th>处理人</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => {
            const late = pastDue(row, now);
            return (
              <tr
                key={row.id}
                data-testid="desk-row"
                data-claim={row.claimSettlementNo}
                data-state={row.claimState}
                data-overdue={late ? 'true' : 'false'}
                aria-selected={row.id === selectedId}
                className={row.id === selectedId ? 'fb-desk-row-selected' : undefined}
                onClick={() => onSelect(row.id)}
              >
                <td className="fb-order-no">
                  <Button
                    variant="minimal"
                    size="small"
                    intent="primary"
                    text={row.claimSettlementNo}
                    data-testid="desk-open"
                    onClick={() => onSelect(row.id)}
                  />
                </td>
                <td className="fb-order-no">{row.policyNo}</td>
                <td>{row.userName}</td>
                <td>
                  <span className="fb-claim-state">
                    <Tag
                      intent={claimStateIntent(row.claimState)}
                      minimal={claimStateMinimal(row.claimState)}
                      className="fb-state-tag"
                    >
                      {claimStateLabel(row.claimState)}
                    </Tag>
                    {row.evidenceRequested && (
                      <Tag minimal intent="warning" className="fb-state-tag">
                        待补充
                      </Tag>
                    )}
                    {row.overdue.map((stage) => (
                      <Tag
                        key={stage}
                        intent="danger"
                        minimal
                        icon="time"
                        className="fb-state-tag"
                        data-testid="desk-overdue"
                      >
                        {overdueLabel(stage)}
                      </Tag>
                    ))}
                  </span>
                </td>
                <td className="fb-nowrap" data-testid="desk-sla-age">
                  {slaAgeText(row.slaAgeDays)}
                </td>
                <td className={late ? 'fb-nowrap fb-desk-late' : 'fb-nowrap'} data-testid="desk-due">
                  {dateTime(row.stageDueAt)}
                </td>
                <td className="fb-nowrap" data-testid="desk-assignee">
                  {assigneeText(row.assignee, me)}
                </td>
              </tr>
            );
          })}
        </tbody>
      </HTMLTable>
    </div>
  );
};
