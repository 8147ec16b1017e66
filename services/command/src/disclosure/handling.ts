import { createHash } from 'node:crypto';
import {
  allTextRefs,
  disclosureTextDecider,
  disclosureTextStreamId,
  textDigestInput,
  textKey,
  type PublishDisclosureText,
  type TextRef,
} from '@feibao/domain/disclosure/texts';
import { orderDecider } from '@feibao/domain/ordering/order.commands';
import { orderStreamId } from '@feibao/domain/ordering/order.events';
import type { CurrentTerms, ReadText, RequestOrigin } from '@feibao/domain/ordering/purchaseTerms';
import type { OrderActor } from '@feibao/domain/ordering/guards';
import { handleCommand, loadMany, type EventStore } from '@feibao/platform/eventStore';
import type { CommandDeps } from '../deps.ts';

/**
 * 信息披露's command handling (docs/api/disclosure.md): publishing a text version, and the buyer's
 * 投保前阅读确认 on the order, decided against the versions in force read from the text streams.
 */

export const textDigest = (title: string, body: string) =>
  createHash('sha256').update(textDigestInput(title, body), 'utf8').digest('hex');

/** The versions in force of every text, read from their streams in one round trip (the command side reads no read model). */
export const currentTerms = async (eventStore: EventStore): Promise<CurrentTerms> => {
  const refs = allTextRefs();
  const loaded = await loadMany(
    eventStore,
    refs.map((ref) => ({ streamId: disclosureTextStreamId(ref), decider: disclosureTextDecider })),
  );
  const terms: Record<string, { version: number; title: string; sha256: string }> = {};
  refs.forEach((ref, i) => {
    const current = (loaded[i] as { state: { current: CurrentTerms[string] | null } }).state.current;
    if (current) terms[textKey(ref)] = current;
  });
  return terms;
};

type Meta = { now: Date } & OrderActor & { roles: readonly string[] };
export type TextDraft = TextRef & { title: string; body: string; reason: string; baseVersion?: number | null };

export const disclosureHandling = (deps: Pick<CommandDeps, 'eventStore'>) => {
  const publish = async (draft: TextDraft, meta: Meta) => {
    const ref: TextRef =
      draft.kind === 'exclusions' ? { kind: draft.kind, coverId: draft.coverId } : { kind: draft.kind };
    const command: PublishDisclosureText = {
      type: 'PublishDisclosureText',
      data: { ...draft, ...ref, sha256: textDigest(draft.title, draft.body) },
      metadata: meta,
    };
    const result = await handleCommand(deps.eventStore, disclosureTextStreamId(ref), disclosureTextDecider, command);
    const published = result.events[0];
    return { position: result.position, version: published?.data.version ?? 0, key: textKey(ref) };
  };

  const onOrder = async (
    orderId: string,
    insurerId: number,
    origin: RequestOrigin,
    meta: Meta,
    texts: ReadText[] | null,
  ) => {
    const current = await currentTerms(deps.eventStore);
    const result = await handleCommand(
      deps.eventStore,
      orderStreamId(orderId),
      orderDecider,
      texts
        ? { type: 'ConfirmPurchaseTerms', data: { insurerId, texts, current, ...origin }, metadata: meta }
        : { type: 'ShowPurchaseTerms', data: { insurerId, current, ...origin }, metadata: meta },
    );
    return { position: result.position };
  };

  return {
    publish,
    /** The dialog loaded the texts: what was shown is recorded. */
    shown: (orderId: string, insurerId: number, origin: RequestOrigin, meta: Meta) =>
      onOrder(orderId, insurerId, origin, meta, null),
    confirm: (orderId: string, insurerId: number, texts: ReadText[], origin: RequestOrigin, meta: Meta) =>
      onOrder(orderId, insurerId, origin, meta, texts),
  };
};
