import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button, Callout, Dialog, DialogBody, DialogFooter, FormGroup, TextArea } from '@blueprintjs/core';
import type { Jdm } from '@feibao/domain/rules/jdm';
import { RulesApiError } from '../api/client.ts';
import { notify } from '../api/notify.ts';
import { saveDraft } from '../review/api.ts';
import { StepDialog } from '../review/dialogs.tsx';
import type { RuleVersionSummary } from '../review/model.ts';

/** 保存草稿: the edited model as the rule's next version, with the reason every version records. */
export const SaveDialog = ({ ruleId, source, model, onClose, onSaved }: { ruleId: string; source: number | null; model: Jdm; onClose: () => void; onSaved: (version: number) => void }) => {
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const save = async () => {
    if (!reason.trim()) return setProblem('请填写修改原因');
    setBusy(true);
    setProblem(null);
    try {
      const saved = await saveDraft({ ruleId, content: model, reason: reason.trim() });
      notify.success(`已保存草稿（版本${saved.version}）`);
      onSaved(saved.version);
      onClose();
    } catch (error) {
      setProblem(error instanceof RulesApiError ? error.message : '保存失败，请稍后重试');
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog isOpen onClose={onClose} title={`保存草稿：${ruleId}${source ? `（以版本${source}为底稿）` : ''}`} className="rp-step-dialog">
      <DialogBody>
        <FormGroup label="修改原因" labelFor="rules-editor-reason" labelInfo="（必填）">
          <TextArea id="rules-editor-reason" fill rows={3} maxLength={500} value={reason} onChange={(e) => setReason(e.target.value)} autoFocus />
        </FormGroup>
        {problem && (
          <Callout intent="danger" data-testid="rules-editor-save-problem">
            {problem}
          </Callout>
        )}
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text="取消" onClick={onClose} />
            <Button intent="primary" text="保存草稿" loading={busy} onClick={() => void save()} data-testid="rules-editor-save-confirm" />
          </>
        }
      />
    </Dialog>
  );
};

/** After saving: submit the draft for review here, or go on in the list. */
export const SavedCallout = ({ ruleId, version }: { ruleId: string; version: number }) => {
  const navigate = useNavigate();
  const [submitting, setSubmitting] = useState(false);
  const [submitted, setSubmitted] = useState(false);
  // StepDialog needs only the rule and version of the summary.
  const summary: RuleVersionSummary = { ruleId, version, status: 'draft', draftedBy: '', draftedAt: '', history: [] };
  return (
    <Callout intent="success" className="rp-ed-note" data-testid="rules-editor-saved">
      <span>
        已保存为版本{version}（{submitted ? '审核中' : '草稿'}）。
      </span>
      <span className="rp-ed-saved-actions">
        {!submitted && <Button size="small" intent="primary" text="提交审核" onClick={() => setSubmitting(true)} />}
        <Button size="small" text="去规则列表" onClick={() => navigate('/rules/ruleList')} />
      </span>
      {submitting && <StepDialog version={summary} action="submit" onClose={() => setSubmitting(false)} onDone={() => setSubmitted(true)} />}
    </Callout>
  );
};
