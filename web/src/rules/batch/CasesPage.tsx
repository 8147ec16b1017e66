import { useState } from 'react';
import {
  Button,
  Callout,
  Dialog,
  DialogBody,
  DialogFooter,
  FormGroup,
  InputGroup,
  Switch,
  TextArea,
} from '@blueprintjs/core';
import { visibleInsurers } from '@feibao/domain/ordering/catalogue';
import { RulesApiError } from '../api/client.ts';
import { notify } from '../api/notify.ts';
import { formatAt, parseContent } from '../review/model.ts';
import { Loaded, RulesScreen } from '../review/Screen.tsx';
import { CASES_PAGE_SIZE, caseFromOrder, createCase, deleteCase, updateCase, useCases } from './api.ts';
import { expectedPremiums, premiumsText, type RuleCaseRow } from './model.ts';
import { RulesPager, usePagedSearch } from './Pager.tsx';
import { useForm } from '../../shared/form.tsx';

const failureOf = (error: unknown) => (error instanceof RulesApiError ? error.message : '操作失败，请稍后重试');

/** 规则案例: the cases batch tests run, each an application and its expected outcome; paged on the server. */
export const CasesPage = () => {
  const { search, setSearch, keyword, page, setPage } = usePagedSearch();
  const { data, error, mutate } = useCases(page, keyword);
  const [editing, setEditing] = useState<RuleCaseRow | 'new' | null>(null);
  const { values: fromOrder, set: setFromOrder } = useForm({ orderId: '' });
  const { orderId } = fromOrder;
  const [busy, setBusy] = useState(false);
  const copy = async () => {
    if (!orderId.trim()) return notify.error('请填写订单编号');
    setBusy(true);
    try {
      await caseFromOrder(orderId.trim());
      notify.success('已从订单复制案例');
      setFromOrder('orderId', '');
      void mutate();
    } catch {
      // The client already showed the server's message.
    } finally {
      setBusy(false);
    }
  };
  const remove = async (row: RuleCaseRow) => {
    if (!window.confirm(`删除案例「${row.name}」？`)) return;
    try {
      await deleteCase(row.caseId);
      notify.success('已删除案例');
      void mutate();
    } catch {
      // shown by the client
    }
  };
  return (
    <RulesScreen route="ruleCase" testId="rules-cases">
      <div className="rp-toolbar">
        <Button intent="primary" icon="add" text="新增案例" onClick={() => setEditing('new')} />
        <InputGroup
          placeholder="订单编号"
          value={orderId}
          onValueChange={(v) => setFromOrder('orderId', v)}
          aria-label="订单编号"
        />
        <Button icon="duplicate" text="从订单复制" loading={busy} onClick={() => void copy()} />
        <Button icon="refresh" text="刷新" onClick={() => void mutate()} />
        <InputGroup
          leftIcon="search"
          placeholder="按名称搜索"
          value={search}
          onValueChange={setSearch}
          aria-label="搜索案例"
        />
      </div>
      <Loaded data={data} error={error} retry={() => void mutate()}>
        {({ list: rows, total }) =>
          rows.length === 0 && page === 1 ? (
            <p className="rp-muted">
              {keyword ? '没有名称包含该关键字的案例。' : '还没有案例。新增一个，或从真实订单复制。'}
            </p>
          ) : (
            <>
              <table className="bp6-html-table bp6-html-table-striped rp-table" data-testid="rules-cases-table">
                <thead>
                  <tr>
                    <th>名称</th>
                    <th>预期转人工</th>
                    <th>预期保费（元）</th>
                    <th>允许误差</th>
                    <th>来源</th>
                    <th>更新</th>
                    <th />
                  </tr>
                </thead>
                <tbody>
                  {rows.map((row) => (
                    <tr key={row.caseId} data-testid="rules-case-row">
                      <td>{row.name}</td>
                      <td>{row.expected.referral ? '是' : '否'}</td>
                      <td>{premiumsText(row.expected.premiums)}</td>
                      <td>±{row.expected.tolerance}</td>
                      <td>{row.orderId ? `订单 ${row.orderId.slice(0, 8)}` : '手工录入'}</td>
                      <td>
                        {row.updatedBy} {formatAt(row.updatedAt)}
                      </td>
                      <td>
                        <Button
                          size="small"
                          variant="minimal"
                          icon="edit"
                          text="编辑"
                          onClick={() => setEditing(row)}
                        />
                        <Button
                          size="small"
                          variant="minimal"
                          intent="danger"
                          icon="trash"
                          text="删除"
                          onClick={() => void remove(row)}
                        />
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
              <RulesPager page={page} pageSize={CASES_PAGE_SIZE} total={total} unit="个案例" onPage={setPage} />
            </>
          )
        }
      </Loaded>
      {editing && (
        <CaseDialog
          row={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={() => void mutate()}
        />
      )}
    </RulesScreen>
  );
};

const CaseDialog = ({
  row,
  onClose,
  onSaved,
}: {
  row: RuleCaseRow | null;
  onClose: () => void;
  onSaved: () => void;
}) => {
  const caseForm = useForm(() => ({
    name: row?.name ?? '',
    formText: row ? JSON.stringify(row.form, null, 2) : '',
    referral: row?.expected.referral ?? false,
    premiums: Object.fromEntries(
      visibleInsurers.map((i) => [String(i.id), row?.expected.premiums[String(i.id)]?.toString() ?? '']),
    ) as Record<string, string>,
    tolerance: String(row?.expected.tolerance ?? 1),
  }));
  const { name, formText, referral, premiums, tolerance } = caseForm.values;
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const save = async () => {
    const form = parseContent(formText);
    if (!form.ok) return setProblem(form.message);
    const expected = expectedPremiums(premiums);
    if (!expected.ok) return setProblem(expected.message);
    const allowed = Number(tolerance);
    if (!tolerance.trim() || !Number.isFinite(allowed) || allowed < 0) return setProblem('允许误差不正确');
    setBusy(true);
    setProblem(null);
    try {
      const body = {
        name: name.trim(),
        form: form.value,
        expected: { referral, premiums: expected.premiums, tolerance: allowed },
      };
      await (row ? updateCase({ ...body, caseId: row.caseId }) : createCase(body));
      notify.success('已保存案例');
      onSaved();
      onClose();
    } catch (error) {
      setProblem(failureOf(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog isOpen onClose={onClose} title={row ? `编辑案例：${row.name}` : '新增案例'} style={{ width: 720 }}>
      <DialogBody>
        <FormGroup label="案例名称" labelFor="rules-case-name" labelInfo="（必填）">
          <InputGroup
            id="rules-case-name"
            value={name}
            maxLength={100}
            onValueChange={(v) => caseForm.set('name', v)}
          />
        </FormGroup>
        <FormGroup label="投保信息（JSON，与询价接口相同）" labelFor="rules-case-form">
          <TextArea
            id="rules-case-form"
            fill
            rows={10}
            className="rp-json"
            value={formText}
            onChange={(e) => caseForm.set('formText', e.target.value)}
          />
        </FormGroup>
        <Switch
          label="预期转人工核保"
          checked={referral}
          onChange={(e) => caseForm.set('referral', e.currentTarget.checked)}
        />
        <div className="rp-toolbar">
          {visibleInsurers.map((i) => (
            <FormGroup key={i.id} label={`${i.name}预期保费（元）`} labelFor={`rules-case-premium-${i.id}`}>
              <InputGroup
                id={`rules-case-premium-${i.id}`}
                placeholder="不填则不检查"
                value={premiums[String(i.id)] ?? ''}
                onValueChange={(v) =>
                  caseForm.update((c) => ({ ...c, premiums: { ...c.premiums, [String(i.id)]: v } }))
                }
              />
            </FormGroup>
          ))}
          <FormGroup label="允许误差（元）" labelFor="rules-case-tolerance">
            <InputGroup
              id="rules-case-tolerance"
              value={tolerance}
              onValueChange={(v) => caseForm.set('tolerance', v)}
            />
          </FormGroup>
        </div>
        {problem && <Callout intent="danger">{problem}</Callout>}
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text="取消" onClick={onClose} />
            <Button intent="primary" text="保存" loading={busy} onClick={() => void save()} />
          </>
        }
      />
    </Dialog>
  );
};
