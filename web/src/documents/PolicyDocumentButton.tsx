import { useState } from 'react';
import { Button } from '@blueprintjs/core';
import { notifyError } from '../api/toaster.ts';
import { downloadPolicy } from './api.ts';

/**
 * 下载电子保单 on an order row: shown for orders that became a policy (the row's state, from the server);
 * until the workers issued the file the server answers 电子保单正在生成, shown as a toast.
 */
export const PolicyDocumentButton = ({
  orderId,
  policyNo,
  mobile,
  minimal,
}: {
  orderId: string;
  policyNo: string | null;
  mobile: boolean;
  minimal?: boolean;
}) => {
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      await downloadPolicy(orderId, policyNo);
    } catch (e) {
      notifyError(e);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      size={mobile ? 'medium' : 'small'}
      icon="download"
      variant={minimal ? 'minimal' : undefined}
      text="下载电子保单"
      data-testid="download-policy"
      loading={busy}
      onClick={() => void download()}
    />
  );
};
