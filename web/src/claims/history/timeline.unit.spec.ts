import { describe, expect, it } from 'vitest';
import type { HistoryEntry } from '@feibao/domain/claims/history';
import { groupHistory, historyRowKey, newestFirst } from './timeline.ts';

const entry = (position: number, over: Partial<HistoryEntry> = {}): HistoryEntry => ({
  position,
  operateDate: `2026-11-23 10:0${position}:00`,
  userName: '13800000000',
  operateType: '提交',
  moduleName: '理赔单',
  fieldName: '',
  details: '',
  remark: '',
  ...over,
});

describe('groupHistory()', () => {
  const entries: HistoryEntry[] = [
    entry(1, { operateType: '创建', details: '创建理赔单LP1' }),
    entry(2, { operateType: '提交', details: '提交理赔单（无修改）' }),
    entry(3, { operateType: '管理员修改', userName: 'admin', details: '管理员修改理赔单（2项修改）' }),
    entry(3, {
      operateType: '修改',
      userName: 'admin',
      moduleName: '事故基本信息',
      fieldName: '出险地址',
      details: 'a → b',
      remark: '客户更正',
    }),
    entry(3, {
      operateType: '新增',
      userName: 'admin',
      moduleName: '配件信息',
      fieldName: '配件(P1)·名称',
      details: '新增：桨叶',
      remark: '补录',
    }),
    entry(4, { operateType: '上传图片', moduleName: '理赔图片', details: '上传图片：a.jpg' }),
  ];

  it('makes one event per stream position, headed by its summary row', () => {
    const events = groupHistory(entries);
    expect(events.map((e) => e.head.operateType)).toEqual(['创建', '提交', '管理员修改', '上传图片']);
    const amended = events[2];
    expect(amended?.userName).toBe('admin');
    expect(amended?.changes.map((c) => [c.fieldName, c.remark])).toEqual([
      ['出险地址', '客户更正'],
      ['配件(P1)·名称', '补录'],
    ]);
    expect(events[3]?.changes).toEqual([]);
  });

  it('falls back to time and user when rows carry no position', () => {
    const { position: _a, ...first } = entry(1, { operateType: '管理员修改' });
    const { position: _b, ...second } = entry(1, { operateType: '修改', fieldName: '地址' });
    const events = groupHistory([first, second] as unknown as HistoryEntry[]);
    expect(events).toHaveLength(1);
    expect(events[0]?.head.operateType).toBe('管理员修改');
  });

  it('keeps event keys and row keys distinct', () => {
    const events = groupHistory(entries);
    expect(new Set(events.map((e) => e.key)).size).toBe(events.length);
    expect(new Set(entries.map(historyRowKey)).size).toBe(entries.length);
  });

  it('reads newest first on the timeline', () => {
    expect(newestFirst(groupHistory(entries)).map((e) => e.head.operateType)[0]).toBe('上传图片');
  });
});
