/**
 * One insurer's request on one order: what it answered per line, a form for the lines still
 * open (a verified premium, or a decline with its reason), and 重新发送 / 立即超时. Every write
 * goes through the server's order rules; a refusal comes back with its reason as a toast.
 */
import { Fragment, useState } from 'react';
import {
  Button,
  Callout,
  Dialog,
  DialogBody,
  DialogFooter,
  HTMLSelect,
  HTMLTable,
  InputGroup,
  Tag,
} from '@blueprintjs/core';
import type { DeskLineAnswer, QuoteDeskCell, QuoteDeskRow } from '@feibao/domain/ordering/quoteDesk';
import { notifyError, toast } from '../../api/toaster.ts';
import { money, termLabel } from '../../ordering/format.ts';
import { recordManualQuote, resendRequest, timeOutRequest } from './api.ts';
import {
  canEnter,
  canResend,
  canTimeOut,
  countdownText,
  type EntryRow,
  enterable,
  initialEntries,
  manualAnswers,
  shortTime,
  statusIntent,
  statusLabel,
} from './desk.ts';
import { WhyPanel } from './WhyPanel.tsx';

type Props = { row: QuoteDeskRow; cell: QuoteDeskCell; onClose: () => void; onChanged: () => Promise<unknown> };

const answerText = (a: DeskLineAnswer) => {
  switch (a.kind) {
    case 'pending':
      return <span className="fb-muted">等待答复</span>;
    case 'quoted':
      return (
        <span>
          <strong>{money(a.premium)}</strong> <span className="fb-muted">{a.deductible}</span>
        </span>
      );
    case 'manual':
      return (
        <Tag intent="warning" minimal>
          待人工核保：{a.reason}
        </Tag>
      );
    case 'declined':
      return (
        <Tag intent="danger" minimal>
          拒保：{a.reason}
        </Tag>
      );
  }
};

export const CellDialog = ({ row, cell, onClose, onChanged }: Props) => {
  const [entries, setEntries] = useState<EntryRow[]>(() => initialEntries(cell));
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState<'record' | 'resend' | 'timeout' | null>(null);
  const [whyKey, setWhyKey] = useState<string | null>(null);
  const lineName = (key: string) => {
    const line = row.lines.find((l) => l.key === key);
    return line ? `${line.insuranceTypeInfoName}${line.uavInfoName ? `（${line.uavInfoName}）` : ''}` : key;
  };
  const change = (key: string, patch: Partial<EntryRow>) =>
    setEntries((all) => all.map((e) => (e.key === key ? { ...e, ...patch } : e)));
  const entering = canEnter(cell);

  const act = async (
    kind: 'record' | 'resend' | 'timeout',
    send: () => Promise<{ message: string }>,
    closeAfter: boolean,
  ) => {
    setBusy(kind);
    try {
      const env = await send();
      toast.success(env.message);
      await onChanged();
      if (closeAfter) onClose();
    } catch (e) {
      notifyError(e);
    } finally {
      setBusy(null);
    }
  };
  const record = () => {
    const answers = manualAnswers(entries, lineName);
    if (typeof answers === 'string') {
      setProblem(answers);
      return;
    }
    setProblem(null);
    void act('record', () => recordManualQuote(cell.requestId, answers), true);
  };

  const countdown = countdownText(cell);
  return (
    <Dialog
      isOpen
      title={`${cell.insuranceCompanyName} · ${row.orderNo}`}
      onClose={onClose}
      style={{ width: 980, maxWidth: '96vw' }}
      className="fb-quote-cell-dialog"
    >
      <DialogBody>
        <div className="fb-quote-dialog-facts">
          <Tag intent={statusIntent(cell.status)}>{statusLabel(cell.status)}</Tag>
          {cell.overdue && (
            <Tag intent="danger" icon="time">
              逾期
            </Tag>
          )}
          <span>发出 {shortTime(cell.requestedAt)}</span>
          <span>承诺答复 {shortTime(cell.answerDueAt)}</span>
          <span>截止 {shortTime(cell.deadlineAt)}</span>
          {countdown && (
            <span className={cell.workingDaysLeft !== null && cell.workingDaysLeft < 0 ? 'fb-bo-late' : undefined}>
              {countdown}
            </span>
          )}
          {cell.attempt > 0 && <span>已重新发送 {cell.attempt} 次</span>}
          {cell.total !== null && <span>合计 {money(cell.total)}</span>}
          {cell.validUntil && (cell.status === 'quoted' || cell.status === 'expired') && (
            <span>有效期至 {shortTime(cell.validUntil)}</span>
          )}
        </div>
        {cell.status === 'timed-out' && (
          <Callout intent="warning" compact>
            该询价已超时。重新发送后可继续等待保险公司答复或录入人工报价。
          </Callout>
        )}
        <HTMLTable compact bordered className="fb-table fb-quote-entry" aria-label="分险种报价">
          <thead>
            <tr>
              <th>险种</th>
              <th>保额（万元）</th>
              <th>期限</th>
              <th>保险公司答复</th>
              <th>定价依据</th>
              {entering && <th style={{ width: 330 }}>人工录入</th>}
            </tr>
          </thead>
          <tbody>
            {cell.answers.map((a) => {
              const entry = entries.find((e) => e.key === a.key);
              const line = row.lines.find((l) => l.key === a.key);
              return (
                <Fragment key={a.key}>
                  <tr data-line={a.key}>
                    <td>{lineName(a.key)}</td>
                    <td>{line?.insuranceAmount ?? '—'}</td>
                    <td>{termLabel(line?.guaranteeTerm)}</td>
                    <td>{answerText(a)}</td>
                    <td>
                      {a.kind !== 'pending' && (
                        <Button
                          size="small"
                          variant="minimal"
                          intent="primary"
                          icon="diagram-tree"
                          className="fb-quote-why-button"
                          text={a.kind === 'quoted' ? '为何是这个价格' : '查看规则'}
                          aria-label={a.kind === 'quoted' ? '为何是这个价格' : '查看规则'}
                          active={whyKey === a.key}
                          aria-expanded={whyKey === a.key}
                          onClick={() => setWhyKey(whyKey === a.key ? null : a.key)}
                        />
                      )}
                    </td>
                    {entering && (
                      <td>
                        {entry && enterable(a) ? (
                          <EntryCells entry={entry} name={lineName(a.key)} onChange={(p) => change(a.key, p)} />
                        ) : null}
                      </td>
                    )}
                  </tr>
                  {whyKey === a.key && (
                    <tr className="fb-quote-why-row">
                      <td colSpan={entering ? 6 : 5}>
                        <WhyPanel requestId={cell.requestId} lineKey={a.key} />
                      </td>
                    </tr>
                  )}
                </Fragment>
              );
            })}
          </tbody>
        </HTMLTable>
        {problem && (
          <Callout intent="danger" compact className="fb-form-problem" style={{ marginTop: 8 }}>
            {problem}
          </Callout>
        )}
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text="关闭" onClick={onClose} />
            <Button
              intent="danger"
              variant="outlined"
              icon="time"
              text="立即超时"
              disabled={!canTimeOut(cell) || busy !== null}
              loading={busy === 'timeout'}
              onClick={() => void act('timeout', () => timeOutRequest(cell.requestId), false)}
            />
            <Button
              icon="send-message"
              text="重新发送"
              disabled={!canResend(cell, row.state) || busy !== null}
              loading={busy === 'resend'}
              onClick={() => void act('resend', () => resendRequest(cell.requestId), false)}
            />
            <Button
              intent="primary"
              text="录入报价"
              disabled={!entering || busy !== null}
              loading={busy === 'record'}
              onClick={record}
            />
          </>
        }
      />
    </Dialog>
  );
};

const EntryCells = ({
  entry,
  name,
  onChange,
}: {
  entry: EntryRow;
  name: string;
  onChange: (patch: Partial<EntryRow>) => void;
}) => (
  <div className="fb-row-gap" style={{ display: 'flex', gap: 6, alignItems: 'center' }}>
    <HTMLSelect
      aria-label={`${name} 录入方式`}
      value={entry.mode}
      onChange={(e) => onChange({ mode: e.currentTarget.value as EntryRow['mode'] })}
      options={[
        { value: 'skip', label: '暂不录入' },
        { value: 'quote', label: '报价' },
        { value: 'decline', label: '拒保' },
      ]}
    />
    {entry.mode === 'quote' && (
      <>
        <InputGroup
          aria-label={`${name} 保费`}
          placeholder="保费（元）"
          inputMode="decimal"
          value={entry.premium}
          onChange={(e) => onChange({ premium: e.target.value })}
          style={{ width: 96 }}
        />
        <InputGroup
          aria-label={`${name} 免赔`}
          placeholder="免赔说明"
          value={entry.deductible}
          onChange={(e) => onChange({ deductible: e.target.value })}
          style={{ width: 110 }}
        />
      </>
    )}
    {entry.mode === 'decline' && (
      <InputGroup
        aria-label={`${name} 拒保原因`}
        placeholder="拒保原因"
        value={entry.reason}
        onChange={(e) => onChange({ reason: e.target.value })}
        style={{ width: 210 }}
      />
    )}
  </div>
);
