import { useState } from 'react';
import { Button, ButtonGroup, Tooltip } from '@blueprintjs/core';
import { useFrame } from '../frame.ts';
import type { StepAction } from './api.ts';
import { DraftDialog, StepDialog, stepTexts } from './dialogs.tsx';
import { actionsFor, type RuleAction, type RuleVersionSummary } from './model.ts';

export const SELF_APPROVAL = '不能审批自己提交的规则版本';

/**
 * The buttons a version offers the caller (by its state and the caller's roles), each opening the
 * dialog that asks why. `only` narrows them to what a screen is about.
 */
export const VersionActions = ({
  version,
  onChanged,
  only,
}: {
  version: RuleVersionSummary;
  onChanged: () => void;
  only?: readonly RuleAction[];
}) => {
  const { profile } = useFrame();
  const [step, setStep] = useState<StepAction | null>(null);
  const [copying, setCopying] = useState(false);
  const { actions, selfApproval } = actionsFor(version, profile);
  const shown = actions.filter((a) => !only || only.includes(a));
  const noteId = `rules-self-approval-${version.ruleId}-${version.version}`;
  if (!shown.length) return null;
  return (
    <>
      <ButtonGroup className="rp-version-actions" data-testid="rules-version-actions">
        {shown.map((a) =>
          a === 'copy' ? (
            <Button key={a} size="small" icon="duplicate" text="复制为新草稿" onClick={() => setCopying(true)} />
          ) : a === 'approve' && selfApproval ? (
            <Tooltip key={a} content={SELF_APPROVAL}>
              <Button size="small" intent="success" text={stepTexts[a].button} disabled aria-describedby={noteId} />
            </Tooltip>
          ) : (
            <Button
              key={a}
              size="small"
              intent={
                a === 'reject' || a === 'retire' ? 'danger' : a === 'approve' || a === 'enable' ? 'success' : 'primary'
              }
              text={stepTexts[a].button}
              onClick={() => setStep(a)}
            />
          ),
        )}
      </ButtonGroup>
      {selfApproval && shown.includes('approve') && (
        <span id={noteId} className="rp-muted" data-testid="rules-self-approval">
          {SELF_APPROVAL}
        </span>
      )}
      {step && <StepDialog version={version} action={step} onClose={() => setStep(null)} onDone={onChanged} />}
      {copying && <DraftDialog source={version} onClose={() => setCopying(false)} onDone={onChanged} />}
    </>
  );
};
