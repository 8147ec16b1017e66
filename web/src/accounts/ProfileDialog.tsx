import { Button, Dialog, DialogBody } from '@blueprintjs/core';
import { uiStore, useUi } from '../api/ui.ts';
import { ProfileForm } from './ProfileForm.tsx';
import { focusDialog } from '../shared/dialogFocus.ts';

/** 完善信息 as an 880 px dialog that can show over any page. */
export const ProfileDialog = () => {
  const { profile } = useUi();
  return (
    <Dialog
      isOpen={profile}
      onClose={() => uiStore.closeProfile()}
      title="完善信息"
      style={{ width: 880, maxWidth: 'calc(100vw - 24px)' }}
      className="fb-profile-dialog"
      canOutsideClickClose={false}
      onOpening={focusDialog}
    >
      <DialogBody>
        <ProfileForm
          variant="desktop"
          onSaved={() => uiStore.closeProfile()}
          extraActions={<Button size="large" text="取消" onClick={() => uiStore.closeProfile()} />}
        />
      </DialogBody>
    </Dialog>
  );
};
