import { describe, expect, it } from 'vitest';
import { DomainError } from '../shared/errors.ts';
import { ResultCode } from '../shared/codes.ts';
import {
  configDecider,
  initialConfig,
  seededConfig,
  type ConfigCommand,
  type ConfigEvent,
  type ConfigState,
} from './config.ts';

const now = new Date('2026-11-23T02:00:00Z');
const admin = { now, actor: '13800000001', roles: ['admin'] };
const given = (events: ConfigEvent[]): ConfigState => events.reduce(configDecider.evolve, initialConfig());
const when = (events: ConfigEvent[], command: ConfigCommand) => configDecider.decide(command, given(events));
const refusal = (fn: () => unknown) => {
  try {
    fn();
  } catch (e) {
    return e instanceof DomainError ? { code: e.code, message: e.message } : e;
  }
  return null;
};
const create = (fields: unknown, extra: Partial<ConfigCommand['data']> = {}, metadata = admin): ConfigCommand => ({
  type: 'CreateConfigEntry',
  data: { kind: 'keyword', code: 'drone.price', fields, ...extra },
  metadata,
});
const created = when([], create({ name: ' 无人机单价 ', category: '无人机' }, { reason: '新增' }));

describe('rule configuration entries', () => {
  it('are created enabled, trimmed, with who, when and why', () => {
    expect(created).toEqual([
      {
        type: 'ConfigEntryCreated',
        data: {
          kind: 'keyword',
          code: 'drone.price',
          by: admin.actor,
          at: now.toISOString(),
          reason: '新增',
          enabled: true,
          fields: { name: '无人机单价', category: '无人机', description: '' },
        },
      },
    ]);
  });
  it('refuse an existing code, an empty code or name, unknown fields and a bad risk effect', () => {
    expect(refusal(() => when(created, create({ name: 'x' })))).toEqual({
      code: ResultCode.conflict,
      message: '编码已存在',
    });
    expect(refusal(() => when([], create({ name: 'x' }, { code: ' ' })))).toEqual({
      code: ResultCode.badRequest,
      message: '编码不能为空',
    });
    expect(refusal(() => when([], create({ name: 'x' }, { code: '单价' })))).toEqual({
      code: ResultCode.badRequest,
      message: '编码只能包含字母、数字、下划线、点和横线',
    });
    expect(refusal(() => when([], create({ name: '  ' })))).toEqual({
      code: ResultCode.badRequest,
      message: '名称不能为空',
    });
    expect(refusal(() => when([], create({ name: 'x', colour: 'red' })))).toEqual({
      code: ResultCode.badRequest,
      message: '不支持的字段: colour',
    });
    expect(refusal(() => when([], create({ name: '中', effect: 'maybe' }, { kind: 'ruleRisk' })))).toEqual({
      code: ResultCode.badRequest,
      message: '请选择风险处理方式',
    });
    expect(refusal(() => when([], create({ customerText: '请稍候', staffText: '' }, { kind: 'ruleMessage' })))).toEqual(
      { code: ResultCode.badRequest, message: '内部提示语不能为空' },
    );
  });
  it('are kept to rule staff', () => {
    expect(refusal(() => when([], create({ name: 'x' }, {}, { ...admin, roles: ['test'] })))).toEqual({
      code: ResultCode.forbidden,
      message: '无权限访问',
    });
    expect(when([], create({ name: 'x' }, {}, { ...admin, roles: ['auditor'] }))).toHaveLength(1);
  });
  it('are updated, disabled and enabled again, each only when it changes something', () => {
    const update: ConfigCommand = {
      type: 'UpdateConfigEntry',
      data: { kind: 'keyword', code: 'drone.price', fields: { name: '单价', category: '无人机', description: '元' } },
      metadata: admin,
    };
    expect(refusal(() => when([], update))).toEqual({ code: ResultCode.notFound, message: '配置项不存在' });
    const updated = [...created, ...when(created, update)];
    expect(given(updated).fields).toEqual({ name: '单价', category: '无人机', description: '元' });
    const disable: ConfigCommand = {
      type: 'DisableConfigEntry',
      data: { kind: 'keyword', code: 'drone.price', reason: '不再使用' },
      metadata: admin,
    };
    const disabled = [...updated, ...when(updated, disable)];
    expect(disabled.at(-1)).toMatchObject({ type: 'ConfigEntryDisabled', data: { reason: '不再使用' } });
    expect(given(disabled).enabled).toBe(false);
    expect(refusal(() => when(disabled, disable))).toEqual({ code: ResultCode.conflict, message: '该配置项已停用' });
    const enable: ConfigCommand = {
      type: 'EnableConfigEntry',
      data: { kind: 'keyword', code: 'drone.price' },
      metadata: admin,
    };
    const enabled = [...disabled, ...when(disabled, enable)];
    expect(given(enabled).enabled).toBe(true);
    expect(refusal(() => when(enabled, enable))).toEqual({ code: ResultCode.conflict, message: '该配置项已启用' });
  });
  it('seed valid entries with unique codes per kind', () => {
    const seeds = seededConfig();
    for (const seed of seeds)
      expect(
        when([], {
          type: 'CreateConfigEntry',
          data: seed,
          metadata: { now, actor: 'system', roles: [], system: true },
        }),
      ).toHaveLength(1);
    expect(new Set(seeds.map((s) => `${s.kind}:${s.code}`)).size).toBe(seeds.length);
    expect(seeds.filter((s) => s.kind === 'ruleRisk').map((s) => s.fields)).toMatchObject([
      { effect: 'auto' },
      { effect: 'refer' },
      { effect: 'decline' },
    ]);
  });
});
