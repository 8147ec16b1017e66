import { useState } from 'react';
import { Button } from '@blueprintjs/core';
import { sendSmsSchema, type SmsPurpose } from '@feibao/domain/accounts/validation';
import { sendSmsCode } from './api.ts';
import { useCountdown } from '../shared/useCountdown.ts';
import { notifyError, toast } from '../api/toaster.ts';

type Props = {
  phone: string;
  purpose: SmsPurpose;
  /** 60 s by default; 120 s on the company profile. */
  seconds?: number;
  /** Reports a bad phone number to the form (shown under the phone field). */
  onInvalidPhone: (message: string) => void;
  large?: boolean;
  /** A form's own phone rule and wording, checked before the shared one (the enterprise form's contact phone). */
  checkPhone?: (phone: string) => string | null;
  /** The success toast (the enterprise form says 验证码已发送). */
  sentMessage?: string;
};

export const SmsCodeButton = ({
  phone,
  purpose,
  seconds = 60,
  onInvalidPhone,
  large,
  checkPhone,
  sentMessage = '发送验证码成功',
}: Props) => {
  const [sending, setSending] = useState(false);
  const countdown = useCountdown();
  const send = async () => {
    const refusal = checkPhone?.(phone.trim());
    if (refusal) {
      onInvalidPhone(refusal);
      return;
    }
    const parsed = sendSmsSchema.safeParse({ phone: phone.trim(), purpose });
    if (!parsed.success) {
      onInvalidPhone(parsed.error.issues[0]?.message ?? '手机号格式不正确');
      return;
    }
    setSending(true);
    try {
      await sendSmsCode(parsed.data.phone, parsed.data.purpose);
      toast.success(sentMessage);
      countdown.start(seconds);
    } catch (e) {
      notifyError(e);
    } finally {
      setSending(false);
    }
  };
  return (
    <Button
      className="fb-sms-button"
      variant="outlined"
      intent="primary"
      size={large ? 'large' : undefined}
      loading={sending}
      disabled={countdown.running}
      onClick={() => void send()}
      text={countdown.label}
    />
  );
};
