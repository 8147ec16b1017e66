import { useState } from 'react';
import { Button, Dialog, DialogBody, DialogFooter, FormGroup, InputGroup } from '@blueprintjs/core';
import { leadSchema } from '@feibao/domain/accounts/validation';
import { validate, type FieldErrors } from '../api/forms.ts';
import { collectContact } from './api.ts';
import { notifyError, toast } from '../api/toaster.ts';
import { focusDialog } from '../shared/dialogFocus.ts';

type Props = {
  /** The risk the manufacturer asked about (guaranteeRange); null closes the dialog. */
  risk: string | null;
  enterpriseType: string;
  onClose: () => void;
  onDone: () => void;
  mobile?: boolean;
};

/** "A specialist will contact you": phone required, e-mail optional but shape-checked. */
export const ContactDialog = ({ risk, enterpriseType, onClose, onDone, mobile }: Props) => {
  const [phone, setPhone] = useState('');
  const [mailbox, setMailbox] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    const v = validate(leadSchema, { phone, mailbox, enterpriseType, guaranteeRange: risk ?? '' });
    setErrors(v.errors);
    if (!v.ok) {
      toast.warning(v.first);
      return;
    }
    setBusy(true);
    try {
      await collectContact(v.data);
      toast.success('提交成功');
      setPhone('');
      setMailbox('');
      onDone();
    } catch (e) {
      notifyError(e);
    } finally {
      setBusy(false);
    }
  };
  const field = (
    key: 'phone' | 'mailbox',
    label: string,
    value: string,
    set: (v: string) => void,
    required?: boolean,
  ) => (
    <FormGroup
      label={label}
      labelFor={`contact-${key}`}
      labelInfo={required ? <span className="fb-required">*</span> : undefined}
      intent={errors[key] ? 'danger' : 'none'}
      helperText={
        errors[key] ? (
          <span className="fb-field-error" role="alert">
            {errors[key]}
          </span>
        ) : undefined
      }
    >
      <InputGroup
        id={`contact-${key}`}
        size={mobile ? 'large' : undefined}
        value={value}
        inputMode={key === 'phone' ? 'tel' : 'email'}
        placeholder={required ? `请输入${label}` : `${label}（选填）`}
        intent={errors[key] ? 'danger' : undefined}
        onChange={(e) => {
          set(e.target.value);
          setErrors(({ [key]: _drop, ...rest }) => rest);
        }}
      />
    </FormGroup>
  );
  return (
    <Dialog
      isOpen={risk !== null}
      onClose={onClose}
      title="专属顾问联系您"
      className="fb-contact-dialog"
      onOpening={focusDialog}
      style={{ width: mobile ? '92vw' : 880, maxWidth: 'calc(100vw - 24px)' }}
    >
      <DialogBody>
        <p>
          您关注的是<strong>「{risk}」</strong>
          风险保障。该类保障需按企业情况定制方案，留下联系方式后，我们的专业顾问将尽快与您联系。
        </p>
        {field('phone', '联系电话', phone, setPhone, true)}
        {field('mailbox', '电子邮箱', mailbox, setMailbox)}
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button size={mobile ? 'large' : undefined} text="返回" onClick={onClose} />
            <Button
              size={mobile ? 'large' : undefined}
              intent="primary"
              text="提交"
              loading={busy}
              onClick={() => void submit()}
            />
          </>
        }
      />
    </Dialog>
  );
};
