import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button, Callout } from '@blueprintjs/core';
import type { Jdm } from '@feibao/domain/rules/jdm';
import { notify } from '../api/notify.ts';
import { ReasonDialog } from '../../shared/ReasonDialog.tsx';
import { saveDraft } from '../review/api.ts';
import { StepDialog } from '../review/dialogs.tsx';
import type { RuleVersionSummary } from '../review/model.ts';

/** 保存草稿: the edited model as the rule's next version, with the reason every version records. */
export const SaveDialog = ({
  ruleId,
  source,
  model,
  onClose,
  onSaved,
}: {
  ruleId: string;
  source: number | null;
  model: Jdm;
  onClose: () => void;
  onSaved: (version: number) => void;
}) => (
  <ReasonDialog
    look="rules"
    title={`保存草稿：${ruleId}${source ? `（以版本${source}为底稿）` : ''}`}
    label="修改原因"
    labelInfo="（必填）"
    confirmText="保存草稿"
    onClose={onClose}
    run={async (reason) => {
      const saved = await saveDraft({ ruleId, content: model, reason });
      notify.success(`已保存草稿（版本${saved.version}）`);
      onSaved(saved.version);
    }}
  />
);

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
      {submitting && (
        <StepDialog
          version={summary}
          action="submit"
          onClose={() => setSubmitting(false)}
          onDone={() => setSubmitted(true)}
        />
      )}
    </Callout>
  );
};
