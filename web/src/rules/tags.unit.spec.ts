import { describe, expect, it } from 'vitest';
import { close, closeAll, closeOthers, type Tag, visit } from './tags.ts';

const home: Tag = { path: '/rules/dashboard', title: '首页', affix: true };
const a: Tag = { path: '/rules/ruleList', title: '规则列表' };
const b: Tag = { path: '/rules/rulePool', title: '规则池' };
const c: Tag = { path: '/rules/ruleCase', title: '规则案例' };

describe('tags view', () => {
  it('adds a visited route once, in visiting order', () => {
    expect(visit(visit(visit([home], a), b), a)).toEqual([home, a, b]);
  });

  it('closes a tab; closing the shown one goes to the last tab left', () => {
    expect(close([home, a, b, c], b.path, a.path)).toEqual({ tags: [home, a, c], goTo: null });
    expect(close([home, a, b, c], c.path, c.path)).toEqual({ tags: [home, a, b], goTo: b.path });
    expect(close([home, a], a.path, a.path)).toEqual({ tags: [home], goTo: home.path });
  });

  it('never closes an affixed tab', () => {
    expect(close([home, a], home.path, home.path)).toEqual({ tags: [home, a], goTo: null });
  });

  it('closes the others but keeps affixed tabs', () => {
    expect(closeOthers([home, a, b, c], b.path)).toEqual({ tags: [home, b], goTo: b.path });
  });

  it('closes all but affixed tabs and goes to the last of them, or home', () => {
    expect(closeAll([home, a, b], '/rules/dashboard')).toEqual({ tags: [home], goTo: home.path });
    expect(closeAll([a, b], '/rules/dashboard')).toEqual({ tags: [], goTo: '/rules/dashboard' });
  });
});
