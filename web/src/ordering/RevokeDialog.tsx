import { useState } from 'react';
import { Button, Dialog, DialogBody, DialogFooter, FormGroup, HTMLSelect, TextArea } from '@blueprintjs/core';
import { OTHER, revokeReasons } from '@feibao/domain/ordering/catalogue';
import { revokeInquiry } from './api.ts';
import { notifyError, toast } from '../api/toaster.ts';
import { focusDialog } from '../shared/dialogFocus.ts';

export const REVOKE_REASON_REQUIRED = '撤销原因不能为空';
export const REVOKE_REMARK_EXPECTED = '请填写撤销原因';

type Props = { orderId: string | null; onClose: () => void; onDone: () => void; mobile?: boolean };

/** 撤销询价: reason required, remarks optional (expected when the reason is 其他). */
export const RevokeDialog = ({ orderId, onClose, onDone, mobile }: Props) => {
  const [reason, setReason] = useState('');
  const [remark, setRemark] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const close = () => {
    setReason('');
    setRemark('');
    setError('');
    onClose();
  };
  const submit = async () => {
    if (!orderId) return;
    if (!reason) {
      setError(REVOKE_REASON_REQUIRED);
      toast.warning(REVOKE_REASON_REQUIRED);
      return;
    }
    setBusy(true);
    try {
      const env = await revokeInquiry(orderId, reason, remark.trim());
      toast.success(env.message || '撤销成功');
      setReason('');
      setRemark('');
      onDone();
    } catch (e) {
      notifyError(e);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog
      isOpen={orderId !== null}
      onClose={close}
      title="撤销询价"
      className="fb-revoke-dialog"
      onOpening={focusDialog}
      style={{ width: mobile ? '92vw' : 480 }}
    >
      <DialogBody>
        <FormGroup
          label="撤销原因"
          labelFor="revoke-reason"
          labelInfo={<span className="fb-required">*</span>}
          intent={error ? 'danger' : 'none'}
          helperText={
            error ? (
              <span className="fb-field-error" role="alert">
                {error}
              </span>
            ) : undefined
          }
        >
          <HTMLSelect
            id="revoke-reason"
            fill
            large={mobile}
            value={reason}
            options={[{ value: '', label: '请选择撤销原因' }, ...revokeReasons.map((r) => ({ value: r, label: r }))]}
            onChange={(e) => {
              setReason(e.currentTarget.value);
              setError('');
            }}
          />
        </FormGroup>
        <FormGroup
          label="备注"
          labelFor="revoke-remark"
          helperText={
            reason === OTHER && !remark.trim() ? <span className="fb-muted">{REVOKE_REMARK_EXPECTED}</span> : undefined
          }
        >
          <TextArea
            id="revoke-remark"
            fill
            rows={3}
            maxLength={500}
            value={remark}
            onChange={(e) => setRemark(e.target.value)}
            placeholder="选填"
          />
        </FormGroup>
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button size={mobile ? 'large' : undefined} text="取消" onClick={close} />
            <Button
              size={mobile ? 'large' : undefined}
              intent="danger"
              text="确认撤销"
              loading={busy}
              onClick={() => void submit()}
            />
          </>
        }
      />
    </Dialog>
  );
};
