import { Button, Callout, FileInput, InputGroup, Spinner } from '@blueprintjs/core';
import { type FormEvent, useCallback, useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { verificationMessages } from '@feibao/domain/verification/messages';
import { AnswerCard } from './AnswerCard.tsx';
import { verifyCode, verifyFile, type VerifyResult } from './api.ts';
import './verify.css';

/**
 * Public verification (/verify, /verify/:code): no login, its own small frame, one component for both
 * sizes (verify.css lays it out for 1280×800 and 375×812). The QR code on a policy opens /verify/<code>,
 * which is looked up at once; a code typed here opens the same address.
 */
export const VerifyPage = () => {
  const { code } = useParams();
  const navigate = useNavigate();
  const [typed, setTyped] = useState(code ?? '');
  const [fileName, setFileName] = useState<string | null>(null);
  const [result, setResult] = useState<VerifyResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const latest = useRef(0);

  const run = useCallback(async (lookup: () => Promise<VerifyResult>) => {
    const mine = ++latest.current;
    setBusy(true);
    setError(null);
    setResult(null);
    try {
      const answer = await lookup();
      if (mine === latest.current) setResult(answer);
    } catch (e) {
      if (mine === latest.current) setError(e instanceof Error ? e.message : String(e));
    } finally {
      if (mine === latest.current) setBusy(false);
    }
  }, []);

  useEffect(() => {
    if (!code) return;
    setTyped(code);
    void run(() => verifyCode(code));
  }, [code, run]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const wanted = typed.trim();
    if (!wanted) {
      setResult(null);
      setError(verificationMessages.codeRequired);
      return;
    }
    if (wanted === code) void run(() => verifyCode(wanted));
    else navigate(`/verify/${encodeURIComponent(wanted)}`);
  };

  const upload = (files: FileList | null) => {
    const file = files?.[0];
    if (!file) return;
    setFileName(file.name);
    void run(() => verifyFile(file));
  };

  return (
    <div className="fb-verify">
      <header className="fb-verify-header">
        <Link to="/" className="fb-verify-brand">
          飞保
        </Link>
        <span className="fb-verify-header-title">保单验真</span>
      </header>
      <main className="fb-verify-main">
        <h1 className="fb-verify-title">电子保单 / 投保证明验真</h1>
        <p className="fb-verify-lead">
          扫描保单上的二维码，或输入保单上印的验证码；也可以上传电子保单 PDF，校验文件是否由本平台签发且未被改动。
        </p>
        <form className="fb-verify-form" onSubmit={submit}>
          <InputGroup
            large
            value={typed}
            onValueChange={setTyped}
            placeholder="输入验证码，如 7K3M-9QX2-…"
            aria-label="验证码"
            spellCheck={false}
            autoCapitalize="characters"
            autoComplete="off"
          />
          <Button large type="submit" intent="primary" text="查询" loading={busy} />
        </form>
        <div className="fb-verify-upload">
          <FileInput
            large
            fill
            text={fileName ?? '选择电子保单 PDF 文件…'}
            buttonText="上传校验"
            hasSelection={fileName !== null}
            inputProps={{ accept: 'application/pdf,.pdf', 'aria-label': '上传电子保单 PDF' }}
            onInputChange={(event) => {
              upload(event.currentTarget.files);
              event.currentTarget.value = '';
            }}
          />
          <span className="fb-verify-hint">PDF 文件，最大 5 MB；文件只用于计算指纹，不会保存。</span>
        </div>
        {busy && <Spinner size={28} className="fb-verify-spinner" />}
        {error && (
          <Callout intent="danger" icon="error" className="fb-verify-error">
            {error}
          </Callout>
        )}
        {result && <AnswerCard result={result} />}
        <p className="fb-verify-hint">
          经纪机构、合作保险公司及产品条款、投诉渠道见{' '}
          <Link to={window.matchMedia?.('(max-width: 600px)').matches ? '/touch/disclosure' : '/platform/disclosure'}>
            信息披露
          </Link>
          。
        </p>
      </main>
    </div>
  );
};
