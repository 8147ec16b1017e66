import { useCallback, useEffect, useRef, useState } from 'react';
import { Button } from '@blueprintjs/core';
import { sendSmsSchema } from '@feibao/domain/accounts/validation';
import type { SmsPurpose } from '@feibao/domain/accounts/validation';
import { sendSmsCode } from './api.ts';
import { countdownLabel } from '../api/forms.ts';
import { notifyError, toast } from '../api/toaster.ts';

/** Send-code countdown: start(n) after a successful send. */
export const useCountdown = () => {
  const [remaining, setRemaining] = useState(0);
  const [started, setStarted] = useState(false);
  const timer = useRef<ReturnType<typeof setInterval> | null>(null);
  const stop = () => {
    if (timer.current) clearInterval(timer.current);
    timer.current = null;
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: stop reads only the ref; clear the timer on unmount alone
  useEffect(() => stop, []);
  // biome-ignore lint/correctness/useExhaustiveDependencies: stop reads only the ref, so start never needs to change
  const start = useCallback((seconds: number) => {
    stop();
    setStarted(true);
    setRemaining(seconds);
    const endsAt = Date.now() + seconds * 1000;
    timer.current = setInterval(() => {
      const left = Math.max(0, Math.ceil((endsAt - Date.now()) / 1000));
      setRemaining(left);
      if (left === 0) stop();
    }, 250);
  }, []);
  return { remaining, running: remaining > 0, label: countdownLabel(remaining, started), start };
};

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

export const SmsCodeButton = ({ phone, purpose, seconds = 60, onInvalidPhone, large, checkPhone, sentMessage = '发送验证码成功' }: Props) => {
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
