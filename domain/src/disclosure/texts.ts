import { z } from 'zod';
import { canUseArea } from '../accounts/roles.ts';
import type { Decider } from '../shared/decider.ts';
import { forbidden, illegalState, invalid } from '../shared/errors.ts';
import { insuranceTypeById, insuranceTypes } from '../ordering/catalogue.ts';

/**
 * The versioned texts a customer reads before 投保 (docs/api/disclosure.md): the 客户告知书, the 投保须知 and
 * each cover's 免责条款. One event stream per text; a change is a new version with its reason, so an order
 * that confirmed version 2 still reads version 2 after version 3 is published.
 */
export const textKinds = ['customerNotice', 'purchaseInstructions', 'exclusions'] as const;
export type TextKind = (typeof textKinds)[number];
export const textKindNames: Readonly<Record<TextKind, string>> = {
  customerNotice: '客户告知书',
  purchaseInstructions: '投保须知',
  exclusions: '免责条款',
};

/** Which text: the 免责条款 are one per cover, the others one for the platform. */
export type TextRef = { kind: TextKind; coverId?: number };
export const textKey = (ref: TextRef): string => (ref.kind === 'exclusions' ? `exclusions-${ref.coverId}` : ref.kind);
export const disclosureTextStreamId = (ref: TextRef) => `disclosure-text-${textKey(ref)}`;
/** What the stored sha256 is taken of (UTF-8), so a printed text can be checked against the record. */
export const textDigestInput = (title: string, body: string) => `${title}\n\n${body}`;

export const disclosureMessages = {
  adminOnly: '仅管理员可以发布信息披露文本',
  unknownCover: '险种不存在',
  coverNotAllowed: '只有免责条款按险种区分',
  coverRequired: '免责条款须指明险种',
  unchanged: '内容与当前版本相同，无需发布新版本',
  baseOutdated: (current: number) => `该文本已有更新的版本（第${current}版），请刷新后在最新版本上修改`,
  published: (version: number) => `已发布第${version}版`,
  textNotFound: '文本不存在',
} as const;

export type DisclosureTextPublished = {
  type: 'DisclosureTextPublished';
  data: {
    kind: TextKind;
    coverId?: number;
    version: number;
    title: string;
    body: string;
    sha256: string;
    publishedBy: string;
    publishedAt: string;
    reason: string;
  };
};
export type DisclosureTextEvent = DisclosureTextPublished;
export const disclosureTextEventTypes: readonly DisclosureTextEvent['type'][] = ['DisclosureTextPublished'];

export type DisclosureTextState = { current: { version: number; title: string; sha256: string } | null };

/** sha256 is the handling's (node:crypto over textDigestInput); baseVersion: the version the editor started from. */
export type PublishDisclosureText = {
  type: 'PublishDisclosureText';
  data: TextRef & { title: string; body: string; sha256: string; reason: string; baseVersion?: number | null };
  metadata: { now: Date; actor: string; roles: readonly string[]; system?: boolean };
};

/** What an admin sends (the back office's 信息披露 page). */
export const publishTextSchema = z
  .object({
    kind: z.enum(textKinds, { message: '文本类型无效' }),
    coverId: z.coerce.number({ message: '险种无效' }).int('险种无效').optional().nullable(),
    title: z.string({ message: '请填写标题' }).trim().min(2, '标题至少2个字').max(60, '标题最多60个字'),
    body: z.string({ message: '请填写正文' }).trim().min(20, '正文至少20个字').max(20_000, '正文最多20000个字'),
    reason: z.string({ message: '请填写修改原因' }).trim().min(2, '请填写修改原因').max(200, '修改原因最多200个字'),
    baseVersion: z.coerce.number().int().min(0).optional().nullable(),
  })
  .strict();

export const textRefError = (ref: TextRef): string | null => {
  if (ref.kind !== 'exclusions')
    return ref.coverId === undefined || ref.coverId === null ? null : disclosureMessages.coverNotAllowed;
  if (ref.coverId === undefined || ref.coverId === null) return disclosureMessages.coverRequired;
  return insuranceTypeById(ref.coverId) ? null : disclosureMessages.unknownCover;
};

export const decideDisclosureText = (
  command: PublishDisclosureText,
  state: DisclosureTextState,
): DisclosureTextEvent[] => {
  const { data, metadata } = command;
  if (!metadata.system && !canUseArea('disclosure', metadata.roles)) throw forbidden(disclosureMessages.adminOnly);
  const refError = textRefError(data);
  if (refError) throw invalid(refError);
  const current = state.current;
  if (current && data.baseVersion != null && data.baseVersion !== current.version)
    throw illegalState(disclosureMessages.baseOutdated(current.version));
  if (current && current.sha256 === data.sha256) throw illegalState(disclosureMessages.unchanged);
  return [
    {
      type: 'DisclosureTextPublished',
      data: {
        kind: data.kind,
        ...(data.kind === 'exclusions' ? { coverId: data.coverId } : {}),
        version: (current?.version ?? 0) + 1,
        title: data.title,
        body: data.body,
        sha256: data.sha256,
        publishedBy: metadata.actor,
        publishedAt: metadata.now.toISOString(),
        reason: data.reason,
      },
    },
  ];
};

export const evolveDisclosureText = (_state: DisclosureTextState, event: DisclosureTextEvent): DisclosureTextState => ({
  current: { version: event.data.version, title: event.data.title, sha256: event.data.sha256 },
});

export const disclosureTextDecider: Decider<DisclosureTextState, PublishDisclosureText, DisclosureTextEvent> = {
  decide: decideDisclosureText,
  evolve: evolveDisclosureText,
  initialState: () => ({ current: null }),
};

/** Every text there is: the two platform texts and one 免责条款 per cover of the catalogue. */
export const allTextRefs = (): TextRef[] => [
  { kind: 'customerNotice' },
  { kind: 'purchaseInstructions' },
  ...insuranceTypes.map((cover): TextRef => ({ kind: 'exclusions', coverId: cover.id })),
];
