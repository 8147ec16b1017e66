/** The report's bottom buttons: 返回 always; 编辑, 暂存 and 提交 as the claim's actions and the mode allow. */
import { Button } from '@blueprintjs/core';
import type { Variant } from '../../shared/site.ts';

export type Busy = null | 'save' | 'submit' | 'back';

type Props = {
  variant: Variant;
  busy: Busy;
  showEdit: boolean;
  showSave: boolean;
  showSubmit: boolean;
  onBack: () => void;
  onEdit: () => void;
  onSave: () => void;
  onSubmit: () => void;
};

export const ReportActions = ({
  variant,
  busy,
  showEdit,
  showSave,
  showSubmit,
  onBack,
  onEdit,
  onSave,
  onSubmit,
}: Props) => (
  <div
    className={variant === 'mobile' ? 'fb-m-actionbar' : 'fb-insure-actions fb-report-actions'}
    data-testid="report-actions"
  >
    <div className="fb-insure-buttons">
      <Button
        size="large"
        icon="arrow-left"
        text="返回"
        loading={busy === 'back'}
        disabled={busy !== null}
        data-testid="report-back"
        onClick={onBack}
      />
      {showEdit && (
        <Button
          size="large"
          icon="edit"
          text="编辑"
          disabled={busy !== null}
          data-testid="report-edit"
          onClick={onEdit}
        />
      )}
      {showSave && (
        <Button
          size="large"
          icon="floppy-disk"
          text="暂存"
          loading={busy === 'save'}
          disabled={busy !== null}
          data-testid="report-save"
          onClick={onSave}
        />
      )}
      {showSubmit && (
        <Button
          size="large"
          intent="primary"
          icon="send-message"
          text="提交"
          loading={busy === 'submit'}
          disabled={busy !== null}
          data-testid="report-submit"
          onClick={onSubmit}
        />
      )}
    </div>
  </div>
);
