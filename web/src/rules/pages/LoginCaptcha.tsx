import { useCallback, useEffect, useRef, useState } from 'react';
import { FormGroup, InputGroup } from '@blueprintjs/core';
import { captchaRequired, fetchCaptcha, type SolvedCaptcha } from '../api/sso.ts';

type Image = { key: string; url: string };

/**
 * The login's captcha: off until the server says failed logins turned it on (asked when the page
 * opens and after each failure). An image is good for one login, right or wrong, so a failure that
 * sent one fetches the next.
 */
export const useCaptcha = () => {
  const [required, setRequired] = useState(false);
  const [image, setImage] = useState<Image | null>(null);
  const [answer, setAnswer] = useState('');
  const [loading, setLoading] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const current = useRef<Image | null>(null);

  const refresh = useCallback(async () => {
    const show = (next: Image | null) => {
      if (current.current) URL.revokeObjectURL(current.current.url);
      current.current = next;
      setImage(next);
    };
    setLoading(true);
    setAnswer('');
    try {
      const { key, image: bytes } = await fetchCaptcha();
      show({ key, url: URL.createObjectURL(bytes) });
      setFailure(null);
    } catch (error) {
      show(null);
      setFailure(error instanceof Error ? error.message : '图形验证码加载失败，请点击重试');
    } finally {
      setLoading(false);
    }
  }, []);

  /** Asks whether a captcha is needed now; `spent`: the shown one went with the last login. */
  const check = useCallback(
    async (username?: string, spent = false) => {
      const on = await captchaRequired(username);
      setRequired(on);
      if (on && (spent || !current.current)) await refresh();
    },
    [refresh],
  );

  useEffect(
    () => () => {
      if (current.current) URL.revokeObjectURL(current.current.url);
    },
    [],
  );

  const payload = (): SolvedCaptcha => (required && image ? { captchaKey: image.key, captcha: answer.trim() } : {});

  return { required, image, answer, setAnswer, loading, failure, refresh, check, payload };
};
export type Captcha = ReturnType<typeof useCaptcha>;

/** The answer field beside its image; a click on the image draws another. */
export const CaptchaField = ({ captcha, id }: { captcha: Captcha; id: string }) => (
  <FormGroup
    label="图形验证码"
    labelFor={id}
    helperText={captcha.failure ?? undefined}
    intent={captcha.failure ? 'danger' : undefined}
  >
    <div className="rp-captcha-row">
      <InputGroup
        id={id}
        className="rp-captcha-input"
        leftIcon="shield"
        placeholder="请输入图中字符"
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        maxLength={8}
        value={captcha.answer}
        onValueChange={captcha.setAnswer}
        size="large"
      />
      <button
        type="button"
        className="rp-captcha-image"
        data-testid="rules-captcha-image"
        aria-label="看不清？换一张"
        title="看不清？点击换一张"
        disabled={captcha.loading}
        onClick={() => void captcha.refresh()}
      >
        {captcha.image ? (
          <img src={captcha.image.url} alt="" width={120} height={40} />
        ) : (
          <span>{captcha.loading ? '加载中…' : '点击加载'}</span>
        )}
      </button>
    </div>
  </FormGroup>
);
