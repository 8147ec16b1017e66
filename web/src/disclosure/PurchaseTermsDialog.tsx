/**
 * 投保前阅读确认 (docs/api/disclosure.md): before buying from an insurer the customer reads the 客户告知书, the
 * 投保须知 and the 免责条款 of the covers on the plan, ticks "我已阅读并同意…" and confirms; the order records
 * the versions, the time, the address and the device. A dialog on the desktop, a full-screen drawer on a phone.
 * Loaded only when 投保 is clicked (PlanPage).
 */
import { useEffect, useRef, useState } from 'react';
import {
  Button,
  Callout,
  Checkbox,
  Collapse,
  Dialog,
  DialogBody,
  DialogFooter,
  Drawer,
  Spinner,
} from '@blueprintjs/core';
import type { DisclosureTextVersion } from '@feibao/domain/disclosure/api';
import { notifyError } from '../api/toaster.ts';
import { focusDialog } from '../shared/dialogFocus.ts';
import type { Variant } from '../shared/site.ts';
import { confirmTerms, recordTermsShown, usePurchaseTerms } from './api.ts';
import './disclosure.css';

export type TermsTarget = { orderId: string; insurerId: number; insurerName: string };
type Props = { target: TermsTarget | null; variant: Variant; onClose: () => void; onConfirmed: () => void };

export const AGREE_LABEL = '我已阅读并同意《客户告知书》《投保须知》及所选险种的免责条款';
export const AGREE_REQUIRED = '请先勾选“我已阅读并同意”';

const TextBlock = ({ text, open, onToggle }: { text: DisclosureTextVersion; open: boolean; onToggle: () => void }) => (
  <section className="fb-terms-text" data-testid={`terms-text-${text.key}`}>
    <Button
      variant="minimal"
      alignText="left"
      fill
      icon={open ? 'chevron-down' : 'chevron-right'}
      aria-expanded={open}
      onClick={onToggle}
    >
      <strong>{text.title}</strong> <span className="fb-muted">第{text.version}版</span>
    </Button>
    <Collapse isOpen={open}>
      <div className="fb-terms-body">{text.body}</div>
    </Collapse>
  </section>
);

export const PurchaseTermsDialog = ({ target, variant, onClose, onConfirmed }: Props) => {
  const mobile = variant === 'mobile';
  const terms = usePurchaseTerms(target?.orderId ?? null, target?.insurerId ?? null);
  const [agreed, setAgreed] = useState(false);
  const [open, setOpen] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [hint, setHint] = useState<string | null>(null);
  const texts = terms.data?.texts ?? [];

  const shownFor = useRef<string | null>(null);
  // Another insurer (or a new opening): the tick starts unticked.
  const targetKey = target ? `${target.orderId}:${target.insurerId}` : null;
  const [openedFor, setOpenedFor] = useState<string | null>(null);
  if (openedFor !== targetKey) {
    // Each opening is shown (and recorded) afresh.
    shownFor.current = null;
    setOpenedFor(targetKey);
    setAgreed(false);
    setHint(null);
    setOpen(null);
  }
  // What was shown is part of the record: once per opening, when the texts have arrived.
  useEffect(() => {
    if (!target || !terms.data) return;
    const key = `${target.orderId}:${target.insurerId}:${terms.data.texts.map((t) => `${t.key}@${t.version}`).join(',')}`;
    if (shownFor.current === key) return;
    shownFor.current = key;
    void recordTermsShown(target.orderId, target.insurerId).catch(() => undefined);
  }, [target, terms.data]);
  // The first text opens with the dialog; '' once the reader has closed them all.
  const expanded = open ?? texts[0]?.key ?? '';

  const submit = async () => {
    if (!target || !terms.data) return;
    if (!agreed) {
      setHint(AGREE_REQUIRED);
      return;
    }
    setBusy(true);
    try {
      await confirmTerms(target.orderId, target.insurerId, terms.data.texts);
      onConfirmed();
    } catch (e) {
      notifyError(e);
      // A newer version was published meanwhile: show it to be read again.
      setAgreed(false);
      await terms.mutate();
    } finally {
      setBusy(false);
    }
  };

  const body = (
    <>
      <p className="fb-terms-lead">
        投保 <strong>{target?.insurerName}</strong> 前，请仔细阅读以下内容，特别是免除保险人责任的条款。
      </p>
      {terms.error ? (
        <Callout intent="danger">{(terms.error as Error).message}</Callout>
      ) : !terms.data ? (
        <div className="fb-loading-block" aria-busy="true">
          <Spinner size={24} />
        </div>
      ) : (
        <div className="fb-terms-list" data-testid="terms-list">
          {texts.map((t) => (
            <TextBlock
              key={t.key}
              text={t}
              open={expanded === t.key}
              onToggle={() => setOpen(expanded === t.key ? '' : t.key)}
            />
          ))}
        </div>
      )}
    </>
  );
  // Outside the scrolling texts: the tick and its hint stay in view however long the texts are.
  const agree = (
    <div className="fb-terms-agree-row">
      <Checkbox
        className="fb-terms-agree"
        large={mobile}
        checked={agreed}
        disabled={!terms.data}
        label={AGREE_LABEL}
        data-testid="terms-agree"
        onChange={(e) => {
          setAgreed(e.currentTarget.checked);
          setHint(null);
        }}
      />
      {hint && (
        <p className="fb-terms-hint" role="alert">
          {hint}
        </p>
      )}
    </div>
  );
  const actions = (
    <>
      <Button size={mobile ? 'large' : undefined} text="取消" onClick={onClose} />
      <Button
        size={mobile ? 'large' : undefined}
        intent="success"
        text="确认投保"
        data-testid="terms-confirm"
        disabled={!terms.data}
        loading={busy}
        onClick={() => void submit()}
      />
    </>
  );

  if (mobile)
    return (
      <Drawer
        isOpen={target !== null}
        onClose={onClose}
        title="投保前请阅读"
        size="100%"
        position="bottom"
        className="fb-terms-drawer"
        onOpening={focusDialog}
      >
        <div className="fb-terms-drawer-body">{body}</div>
        <div className="fb-terms-drawer-agree">{agree}</div>
        <div className="fb-terms-drawer-actions">{actions}</div>
      </Drawer>
    );
  return (
    <Dialog
      isOpen={target !== null}
      onClose={onClose}
      title="投保前请阅读"
      className="fb-terms-dialog"
      onOpening={focusDialog}
      style={{ width: 720 }}
    >
      <DialogBody className="fb-terms-dialog-body">{body}</DialogBody>
      <div className="fb-terms-dialog-agree">{agree}</div>
      <DialogFooter actions={actions} />
    </Dialog>
  );
};
