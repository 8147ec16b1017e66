import { Alert } from '@blueprintjs/core';
import { reloginPrompt, useReloginPrompt } from '../api/notify.ts';
import { rulesToken } from '../api/token.ts';

/** The session ended (50008/50012/50014): stay on the page, or sign in again (token reset, page reloaded to the login). */
export const ReloginAlert = () => {
  const message = useReloginPrompt();
  return (
    <Alert
      isOpen={message !== null}
      icon="log-in"
      intent="primary"
      confirmButtonText="重新登录"
      cancelButtonText="取消"
      onConfirm={() => {
        rulesToken.clear();
        window.location.reload();
      }}
      onCancel={reloginPrompt.dismiss}
    >
      <p data-testid="rules-relogin">{message}</p>
      <p>您可以取消以停留在本页，或重新登录。</p>
    </Alert>
  );
};
