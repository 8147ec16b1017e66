import { describe, expect, it } from 'vitest';
import { DomainError } from '../shared/errors.ts';
import {
  decideDisclosureText,
  disclosureTextDecider,
  disclosureTextStreamId,
  publishTextSchema,
  type DisclosureTextState,
  type PublishDisclosureText,
  allTextRefs,
  textKey,
} from './texts.ts';
import { seededTexts } from './seedTexts.ts';

const now = new Date('2026-11-27T08:00:00Z');
const admin = { now, actor: '19900000001', roles: ['admin'] };
const publish = (data: Partial<PublishDisclosureText['data']> = {}, metadata = admin): PublishDisclosureText => ({
  type: 'PublishDisclosureText',
  data: { kind: 'customerNotice', title: '客户告知书', body: '正文'.repeat(20), sha256: 'a1', reason: '首版', ...data },
  metadata,
});
const fold = (commands: PublishDisclosureText[]) =>
  commands.reduce<DisclosureTextState>(
    (state, command) => decideDisclosureText(command, state).reduce(disclosureTextDecider.evolve, state),
    disclosureTextDecider.initialState(),
  );
const refusal = (run: () => unknown) => {
  try {
    run();
  } catch (e) {
    return e instanceof DomainError ? [e.code, e.message] : e;
  }
  return null;
};

describe('信息披露 texts: versions', () => {
  it('numbers each published version, keeping who, when, why and the digest', () => {
    const [first] = decideDisclosureText(publish(), fold([]));
    expect(first).toMatchObject({
      type: 'DisclosureTextPublished',
      data: {
        kind: 'customerNotice',
        version: 1,
        publishedBy: admin.actor,
        publishedAt: now.toISOString(),
        sha256: 'a1',
      },
    });
    const state = fold([publish()]);
    const [second] = decideDisclosureText(publish({ sha256: 'b2', reason: '补充告知', baseVersion: 1 }), state);
    expect(second?.data).toMatchObject({ version: 2, reason: '补充告知', sha256: 'b2' });
  });

  it('refuses an unchanged text, an edit of an outdated version, and anyone but an admin', () => {
    const state = fold([publish(), publish({ sha256: 'b2' })]);
    expect(refusal(() => decideDisclosureText(publish({ sha256: 'b2' }), state))).toEqual([
      40900,
      '内容与当前版本相同，无需发布新版本',
    ]);
    expect(refusal(() => decideDisclosureText(publish({ sha256: 'c3', baseVersion: 1 }), state))).toEqual([
      40900,
      '该文本已有更新的版本（第2版），请刷新后在最新版本上修改',
    ]);
    expect(refusal(() => decideDisclosureText(publish({}, { ...admin, roles: ['claims'] }), state))).toEqual([
      40300,
      '仅管理员可以发布信息披露文本',
    ]);
  });

  it('names a cover for 免责条款 only, and one that exists', () => {
    expect(refusal(() => decideDisclosureText(publish({ kind: 'exclusions' }), fold([])))).toEqual([
      40000,
      '免责条款须指明险种',
    ]);
    expect(refusal(() => decideDisclosureText(publish({ kind: 'exclusions', coverId: 77 }), fold([])))).toEqual([
      40000,
      '险种不存在',
    ]);
    expect(refusal(() => decideDisclosureText(publish({ coverId: 1 }), fold([])))).toEqual([
      40000,
      '只有免责条款按险种区分',
    ]);
    expect(disclosureTextStreamId({ kind: 'exclusions', coverId: 3 })).toBe('disclosure-text-exclusions-3');
  });

  it('asks for a reason in the editor form', () => {
    const parsed = publishTextSchema.safeParse({
      kind: 'customerNotice',
      title: '客户告知书',
      body: '正文'.repeat(20),
      reason: '',
    });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toBe('请填写修改原因');
  });

  it('seeds every text there is', () => {
    expect(seededTexts().map(textKey)).toEqual(allTextRefs().map(textKey));
  });
});
