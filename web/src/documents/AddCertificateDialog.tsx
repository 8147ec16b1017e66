import { useState } from 'react';
import { Button, Dialog, DialogBody, DialogFooter, InputGroup } from '@blueprintjs/core';
import { certificateHolderSchema } from '@feibao/domain/documents/certificateForm';
import { validate } from '../api/forms.ts';
import { notifyError, toast } from '../api/toaster.ts';
import { focusDialog } from '../shared/dialogFocus.ts';
import { Field, useForm } from '../shared/form.tsx';
import { addCertificateHolder } from './api.ts';

const empty = { name: '', idNumber: '', address: '', purpose: '' };

/** 添加证明持有人: the holder's name and credit code or ID number (checked by the domain's schema), address and purpose optional. */
export const AddCertificateDialog = ({
  orderId,
  suggested,
  isOpen,
  mobile,
  onClose,
  onDone,
}: {
  orderId: string;
  /** 投保要求's named additional insured (docs/api/requirements.md), offered prefilled. */
  suggested?: { name: string; creditCode: string | null } | null;
  isOpen: boolean;
  mobile: boolean;
  onClose: () => void;
  onDone: () => void;
}) => {
  const form = useForm(empty);
  const [busy, setBusy] = useState(false);
  const close = () => {
    form.reset(empty);
    onClose();
  };
  const submit = async () => {
    const checked = validate(certificateHolderSchema, form.values);
    if (!checked.ok) {
      form.setErrors(checked.errors);
      toast.warning(checked.first);
      return;
    }
    setBusy(true);
    try {
      const env = await addCertificateHolder({
        orderId,
        name: checked.data.name,
        idNumber: checked.data.idNumber,
        ...(checked.data.address ? { address: checked.data.address } : {}),
        ...(checked.data.purpose ? { purpose: checked.data.purpose } : {}),
      });
      toast.success(env.message || '已添加');
      form.reset(empty);
      onDone();
    } catch (e) {
      notifyError(e);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog
      isOpen={isOpen}
      onClose={close}
      title="添加投保证明"
      className="fb-certificate-dialog"
      onOpening={(node) => {
        if (suggested && !form.values.name && !form.values.idNumber)
          form.reset({ ...empty, name: suggested.name, idNumber: suggested.creditCode ?? '' });
        focusDialog(node);
      }}
      style={{ width: mobile ? '92vw' : 520 }}
    >
      <DialogBody>
        <p className="fb-muted">为项目方、场地方等出具投保证明，证明上载明本保单的险种与保额，可随时撤销。</p>
        {suggested && form.values.name === suggested.name && (
          <p className="fb-muted" data-testid="certificate-suggested">
            已按投保要求填入附加被保险人，可修改。
          </p>
        )}
        <Field label="证明持有人名称" name="name" required error={form.errors.name}>
          <InputGroup id="f-name" large={mobile} placeholder="单位或个人名称" {...form.bind('name')} />
        </Field>
        <Field
          label="统一社会信用代码/身份证号"
          name="idNumber"
          required
          error={form.errors.idNumber}
          helper="18位统一社会信用代码或居民身份证号码"
        >
          <InputGroup id="f-idNumber" large={mobile} {...form.bind('idNumber')} />
        </Field>
        <Field label="地址" name="address" error={form.errors.address}>
          <InputGroup id="f-address" large={mobile} {...form.bind('address')} />
        </Field>
        <Field label="用途" name="purpose" error={form.errors.purpose} helper="如项目名称、招投标用途">
          <InputGroup id="f-purpose" large={mobile} {...form.bind('purpose')} />
        </Field>
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text="取消" onClick={close} />
            <Button
              intent="primary"
              text="出具证明"
              loading={busy}
              data-testid="certificate-submit"
              onClick={() => void submit()}
            />
          </>
        }
      />
    </Dialog>
  );
};
