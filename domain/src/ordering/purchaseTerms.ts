import { z } from 'zod';
import { DomainError, illegalState, invalid } from '../shared/errors.ts';
import { ResultCode } from '../shared/codes.ts';
import { textKey, textKinds, type TextKind, type TextRef } from '../disclosure/texts.ts';
import type { Order } from './order.events.ts';
import type { PlanLine } from './plan.ts';

/**
 * 投保前阅读确认 (docs/api/disclosure.md): before buying from an insurer the customer reads and confirms the
 * 客户告知书, the 投保须知 and the 免责条款 of the covers on the plan. The order records which version of each
 * text was shown and confirmed, when, from which address and device; 投保 is refused (guards.ts mayInsureWith)
 * until the order holds a confirmation for that insurer on the versions in force.
 */

/** One text as the customer saw it: its version and the digest of what that version says. */
export type ConfirmedText = TextRef & { version: number; title: string; sha256: string };
/** The versions in force, by textKey; read by the handling from the text streams, by the reader from its table. */
export type CurrentTerms = Readonly<Record<string, { version: number; title: string; sha256: string }>>;
/** Where the request came from (the caller's address and User-Agent), for the 可回溯 record. */
export type RequestOrigin = { ip: string; userAgent: string };

export type PurchaseTermsShown = {
  type: 'PurchaseTermsShown';
  data: {
    orderId: string;
    insurerId: number;
    texts: ConfirmedText[];
    shownAt: string;
    shownTo: string;
  } & RequestOrigin;
};
export type PurchaseTermsConfirmed = {
  type: 'PurchaseTermsConfirmed';
  data: {
    orderId: string;
    insurerId: number;
    insurerName: string;
    texts: ConfirmedText[];
    confirmedBy: string;
    confirmedAt: string;
  } & RequestOrigin;
};
export type PurchaseTermsEvent = PurchaseTermsShown | PurchaseTermsConfirmed;
export const purchaseTermsEventTypes: readonly PurchaseTermsEvent['type'][] = [
  'PurchaseTermsShown',
  'PurchaseTermsConfirmed',
];

/** What the order keeps: the latest confirmation per insurer (a new inquiry round starts without any). */
export type TermsConfirmation = { insurerId: number; texts: ConfirmedText[]; confirmedAt: string };

export const purchaseTermsMessages = {
  notConfirmed: '请先阅读并确认客户告知书、投保须知和免责条款',
  stale: '条款已更新，请重新阅读最新版本的客户告知书、投保须知和免责条款后再确认',
  incomplete: '请阅读并确认全部条款（客户告知书、投保须知和所选险种的免责条款）',
  unavailable: '条款暂未发布，暂不能投保，请稍后再试',
  confirmed: '已确认，正在前往投保',
  shown: '已记录',
} as const;

/** The texts an order's buyer confirms: the two platform texts and the 免责条款 of every cover on the plan. */
export const requiredTexts = (lines: readonly Pick<PlanLine, 'insuranceTypeInfoId'>[]): TextRef[] => [
  { kind: 'customerNotice' },
  { kind: 'purchaseInstructions' },
  ...[...new Set(lines.map((l) => l.insuranceTypeInfoId))]
    .sort((a, b) => a - b)
    .map((coverId): TextRef => ({ kind: 'exclusions', coverId })),
];

/** The required texts at the versions in force; null when one is not published (nothing can be confirmed then). */
export const currentTexts = (lines: readonly Pick<PlanLine, 'insuranceTypeInfoId'>[], current: CurrentTerms) => {
  const texts: ConfirmedText[] = [];
  for (const ref of requiredTexts(lines)) {
    const text = current[textKey(ref)];
    if (!text) return null;
    texts.push({ ...ref, ...text });
  }
  return texts;
};

/** The refusal carries `needsTerms`, so the plan can still offer 投保 (which opens the texts) while only this is missing. */
const termsError = (message: string) => new DomainError(message, ResultCode.conflict, { needsTerms: true });
export const isTermsRefusal = (refusal: DomainError | null) =>
  !!refusal && (refusal.data as { needsTerms?: boolean } | null)?.needsTerms === true;

/** null: the order holds a confirmation for this insurer on every required text at its version in force. */
export const termsRefusal = (
  confirmations: readonly TermsConfirmation[] | undefined,
  lines: readonly Pick<PlanLine, 'insuranceTypeInfoId'>[],
  insurerId: number,
  current: CurrentTerms,
): DomainError | null => {
  const required = currentTexts(lines, current);
  if (!required) return illegalState(purchaseTermsMessages.unavailable);
  const confirmation = confirmations?.find((c) => c.insurerId === insurerId);
  if (!confirmation) return termsError(purchaseTermsMessages.notConfirmed);
  const agreed = new Map(confirmation.texts.map((t) => [textKey(t), t]));
  const fresh = required.every((t) => {
    const confirmed = agreed.get(textKey(t));
    return confirmed?.version === t.version && confirmed.sha256 === t.sha256;
  });
  return fresh ? null : termsError(purchaseTermsMessages.stale);
};

/** What the customer says they read: each text by kind (and cover) and version. */
export const confirmTermsSchema = z
  .object({
    id: z.string({ message: '订单不存在' }).trim().min(1, '订单不存在').max(64, '订单不存在'),
    insuranceCompanyId: z.coerce.number({ message: '保险公司无效' }).int('保险公司无效').positive('保险公司无效'),
    texts: z
      .array(
        z
          .object({
            kind: z.enum(textKinds, { message: '条款类型无效' }),
            coverId: z.coerce.number({ message: '险种无效' }).int('险种无效').optional().nullable(),
            version: z.coerce.number({ message: '条款版本无效' }).int('条款版本无效').positive('条款版本无效'),
          })
          .strict(),
        { message: purchaseTermsMessages.incomplete },
      )
      .min(1, purchaseTermsMessages.incomplete)
      .max(50, '条款数量过多'),
  })
  .strict();
export type ReadText = { kind: TextKind; coverId?: number | null; version: number };

/**
 * The confirmation's texts, or why it is refused: every required text named at the version in force. A version
 * older than the one in force (published while the dialog was open) asks the customer to read again.
 */
export const confirmedTexts = (read: readonly ReadText[], required: readonly ConfirmedText[]): ConfirmedText[] => {
  const said = new Map(read.map((r) => [textKey({ kind: r.kind, coverId: r.coverId ?? undefined }), r.version]));
  for (const text of required) {
    const version = said.get(textKey(text));
    if (version === undefined) throw invalid(purchaseTermsMessages.incomplete);
    if (version !== text.version) throw termsError(purchaseTermsMessages.stale);
  }
  return [...required];
};

type WithTerms = { termsConfirmed?: TermsConfirmation[] };
/** Only a plan being bought from keeps confirmations; a later purchase state carries them on unchanged. */
export const evolvePurchaseTerms = (state: Order, event: PurchaseTermsEvent): Order => {
  if (event.type === 'PurchaseTermsShown') return state;
  if (state.status !== 'quoting' && state.status !== 'quoted') return state;
  const { insurerId, texts, confirmedAt } = event.data;
  const others = ((state as WithTerms).termsConfirmed ?? []).filter((c) => c.insurerId !== insurerId);
  return { ...state, termsConfirmed: [...others, { insurerId, texts, confirmedAt }] };
};

export const purchaseTermsEventTime = (event: PurchaseTermsEvent): string =>
  event.type === 'PurchaseTermsShown' ? event.data.shownAt : event.data.confirmedAt;

/** An address as a reader other than its owner sees it: the last part hidden (192.168.1.*, 2001:db8:…:*). */
export const maskIp = (ip: string): string => {
  const v4 = /^(?:::ffff:)?(\d+\.\d+\.\d+)\.\d+$/.exec(ip);
  if (v4) return `${v4[1]}.*`;
  const parts = ip.split(':');
  return parts.length > 2 ? `${parts.slice(0, 3).join(':')}:*` : '*';
};
