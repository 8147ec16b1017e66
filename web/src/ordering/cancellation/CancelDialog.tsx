import { useState } from 'react';
import {
  Button,
  Callout,
  Dialog,
  DialogBody,
  DialogFooter,
  FormGroup,
  HTMLSelect,
  Spinner,
  TextArea,
} from '@blueprintjs/core';
import { cancellationMessages, cancellationMethodLabels } from '@feibao/domain/ordering/cancellation.events';
import { notifyError, toast } from '../../api/toaster.ts';
import { focusDialog } from '../../shared/dialogFocus.ts';
import { money } from '../format.ts';
import { applyForCancellation, useCancellationQuote } from './api.ts';
import './cancellation.css';

type Props = { orderId: string | null; onClose: () => void; onDone: () => void; mobile?: boolean };

/**
 * 退保 from the order list: the reason (a choice and free text), the refund and how it was computed, read
 * from the server's preview, then 确认退保 — the second click. A refusal (an open claim, a pending change)
 * is shown instead of the button.
 */
export const CancelDialog = ({ orderId, onClose, onDone, mobile }: Props) => {
  const quote = useCancellationQuote(orderId);
  const [reason, setReason] = useState('');
  const [reasonTxt, setReasonTxt] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const close = () => {
    setReason('');
    setReasonTxt('');
    setError('');
    onClose();
  };
  const submit = async () => {
    if (!orderId) return;
    if (!reason) return setError(cancellationMessages.reasonRequired);
    if (reason === 'other' && !reasonTxt.trim()) return setError(cancellationMessages.reasonTxtRequired);
    setBusy(true);
    try {
      const env = await applyForCancellation(orderId, reason, reasonTxt.trim());
      toast.success(env.message);
      setReason('');
      setReasonTxt('');
      onDone();
    } catch (e) {
      notifyError(e);
    } finally {
      setBusy(false);
    }
  };
  const data = quote.data;
  const terms = data?.terms ?? null;
  const refusal = data?.refusal ?? null;
  return (
    <Dialog
      isOpen={orderId !== null}
      onClose={close}
      title="申请退保"
      className="fb-cancel-dialog"
      onOpening={focusDialog}
      style={{ width: mobile ? '92vw' : 560 }}
    >
      <DialogBody>
        {!data && !quote.error && <Spinner size={24} />}
        {refusal && (
          <Callout intent="warning" icon="warning-sign" data-testid="cancel-refusal">
            {refusal}
          </Callout>
        )}
        {data && !refusal && (
          <>
            <FormGroup
              label="退保原因"
              labelFor="cancel-reason"
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
                id="cancel-reason"
                fill
                large={mobile}
                value={reason}
                options={[{ value: '', label: '请选择退保原因' }, ...data.reasons]}
                onChange={(e) => {
                  setReason(e.currentTarget.value);
                  setError('');
                }}
              />
            </FormGroup>
            <FormGroup label="原因说明" labelFor="cancel-reason-txt">
              <TextArea
                id="cancel-reason-txt"
                fill
                rows={2}
                maxLength={200}
                value={reasonTxt}
                onChange={(e) => {
                  setReasonTxt(e.target.value);
                  setError('');
                }}
                placeholder={reason === 'other' ? '请填写退保原因说明' : '选填'}
              />
            </FormGroup>
            {terms && (
              <Callout
                intent={terms.autoApprove ? 'primary' : 'none'}
                icon="calculator"
                title={`应退保费 ${money(terms.refund)}（${cancellationMethodLabels[terms.method]}）`}
                data-testid="cancel-terms"
              >
                <ol className="fb-cancel-explanation">
                  {terms.explanation.map((line) => (
                    <li key={line}>{line}</li>
                  ))}
                </ol>
              </Callout>
            )}
          </>
        )}
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button size={mobile ? 'large' : undefined} text="取消" onClick={close} />
            {data && !refusal && (
              <Button
                size={mobile ? 'large' : undefined}
                intent="danger"
                text="确认退保"
                data-testid="cancel-confirm"
                loading={busy}
                onClick={() => void submit()}
              />
            )}
          </>
        }
      />
    </Dialog>
  );
};
