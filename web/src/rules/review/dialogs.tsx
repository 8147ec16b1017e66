import { useEffect, useState } from 'react';
import {
  Button,
  Callout,
  Dialog,
  DialogBody,
  DialogFooter,
  FormGroup,
  InputGroup,
  Spinner,
  TextArea,
} from '@blueprintjs/core';
import { RulesApiError } from '../api/client.ts';
import { notify } from '../api/notify.ts';
import { runStep, saveDraft, type StepAction, useRuleName, useRuleVersion } from './api.ts';
import { parseContent, type RuleVersionSummary } from './model.ts';
import { ReasonDialog } from '../../shared/ReasonDialog.tsx';
import { defaultRun, needsOverride, SubmitTestFields, type SubmitTest, useVersionRuns } from './SubmitTest.tsx';
import { useForm } from '../../shared/form.tsx';

export const stepTexts: Record<StepAction, { button: string; title: string; field: string; done: string }> = {
  submit: { button: '提交审核', title: '提交审核', field: '提交说明', done: '已提交审核' },
  approve: { button: '通过', title: '审批通过', field: '审核意见', done: '已审批通过' },
  reject: { button: '驳回', title: '驳回', field: '驳回意见', done: '已驳回' },
  enable: { button: '启用', title: '启用版本', field: '启用原因', done: '已启用' },
  retire: { button: '停用', title: '停用版本', field: '停用原因', done: '已停用' },
};

const failureOf = (error: unknown) => (error instanceof RulesApiError ? error.message : '操作失败，请稍后重试');

/** One lifecycle step on a version: asks the reason (every step records why), then sends it. */
export const StepDialog = ({
  version,
  action,
  onClose,
  onDone,
}: {
  version: RuleVersionSummary;
  action: StepAction;
  onClose: () => void;
  onDone: () => void;
}) => {
  const text = stepTexts[action];
  const ruleName = useRuleName();
  const submitting = action === 'submit';
  const runs = useVersionRuns(version.ruleId, version.version, submitting).data;
  const { values, set } = useForm<{ test: SubmitTest | null }>({ test: null });
  const { test } = values;
  const linked = test ?? { runId: defaultRun(runs), override: '' };
  const override = submitting && needsOverride(runs, linked.runId);
  const missingOverride =
    override && !linked.override.trim()
      ? linked.runId
        ? '该版本最近的批量测试有未通过的案例，请填写忽略原因'
        : '请关联该版本的批量测试，或填写未测试的原因'
      : null;
  return (
    <ReasonDialog
      look="rules"
      title={`${text.title}：${ruleName(version.ruleId)} 版本${version.version}`}
      label={text.field}
      labelInfo="（必填）"
      confirmText={`确定${text.button}`}
      intent={action === 'reject' || action === 'retire' ? 'danger' : 'primary'}
      problem={missingOverride}
      onClose={onClose}
      run={async (reason) => {
        const extra = submitting
          ? {
              ...(linked.runId ? { batchTestRunId: linked.runId } : {}),
              ...(override ? { overrideReason: linked.override.trim() } : {}),
            }
          : {};
        await runStep(action, { ruleId: version.ruleId, version: version.version, reason, ...extra });
        notify.success(text.done);
        onDone();
      }}
    >
      {submitting && <SubmitTestFields runs={runs} value={linked} onChange={(t) => set('test', t)} />}
    </ReasonDialog>
  );
};

/**
 * 复制为新草稿: the source version's model as editable JSON, saved as the rule's next version.
 * The server loads the model before accepting it and answers 规则无法加载：… when it cannot.
 */
export const DraftDialog = ({
  source,
  onClose,
  onDone,
}: {
  source: RuleVersionSummary;
  onClose: () => void;
  onDone: (version: number) => void;
}) => {
  const { data } = useRuleVersion(source.ruleId, source.version);
  const ruleName = useRuleName();
  const form = useForm<{ text: string | null; reason: string }>({ text: null, reason: '' });
  const { text, reason } = form.values;
  const { setValues } = form;
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    if (data && text === null) setValues((v) => ({ ...v, text: JSON.stringify(data.content, null, 2) }));
  }, [data, text, setValues]);
  const save = async () => {
    if (text === null) return;
    const parsed = parseContent(text);
    if (!parsed.ok) return setProblem(parsed.message);
    if (!reason.trim()) return setProblem('请填写原因');
    setBusy(true);
    setProblem(null);
    try {
      const saved = await saveDraft({ ruleId: source.ruleId, content: parsed.value, reason: reason.trim() });
      notify.success(`已保存草稿（版本${saved.version}）`);
      onDone(saved.version);
      onClose();
    } catch (error) {
      setProblem(failureOf(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog
      isOpen
      onClose={onClose}
      title={`复制为新草稿：${ruleName(source.ruleId)}（来自版本${source.version}）`}
      style={{ width: 820 }}
      className="rp-draft-dialog"
    >
      <DialogBody>
        {text === null ? (
          <Spinner size={24} aria-label="加载中" />
        ) : (
          <FormGroup label="规则内容（JDM）" labelFor="rules-draft-content">
            <TextArea
              id="rules-draft-content"
              className="rp-json-editor"
              fill
              rows={18}
              spellCheck={false}
              value={text}
              onChange={(e) => form.set('text', e.target.value)}
            />
          </FormGroup>
        )}
        <FormGroup label="修改原因" labelFor="rules-draft-reason" labelInfo="（必填）">
          <InputGroup
            id="rules-draft-reason"
            maxLength={500}
            value={reason}
            onValueChange={(v) => form.set('reason', v)}
          />
        </FormGroup>
        {problem && (
          <Callout intent="danger" data-testid="rules-draft-problem">
            {problem}
          </Callout>
        )}
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text="取消" onClick={onClose} />
            <Button
              intent="primary"
              text="保存草稿"
              loading={busy}
              disabled={text === null}
              onClick={() => void save()}
            />
          </>
        }
      />
    </Dialog>
  );
};
