import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { HOME_PATH, placeOf, routeTitle, safeRedirect } from './frame.ts';

describe('safeRedirect', () => {
  it('goes back only to a rules page', () => {
    expect(safeRedirect('/rules/ruleList')).toBe('/rules/ruleList');
    expect(safeRedirect('/rules/batchTest/null')).toBe('/rules/batchTest/null');
    for (const bad of [
      null,
      '',
      '/index/index',
      'https://evil.example/rules/x',
      '//evil.example',
      '/rules/login',
      '/rulesx',
    ])
      expect(safeRedirect(bad)).toBe(HOME_PATH);
  });
});

describe('placeOf', () => {
  const menu = [
    { key: 'ruleTest' as const, title: '规则测试', items: [{ route: 'batchTest/null' as const, title: '批量测试' }] },
  ];
  it('finds the group and title of a route in the menu, and nothing for one outside it', () => {
    expect(placeOf('/rules/batchTest/null', menu)).toEqual({ group: '规则测试', title: '批量测试' });
    expect(placeOf(HOME_PATH, menu)).toEqual({ group: null, title: '首页' });
    expect(placeOf('/rules/ruleList', menu)).toBeNull();
  });
});

describe('routeTitle', () => {
  it('names every route, in the menu or not (the page heading), and nothing else', () => {
    expect(routeTitle('/rules/ruleList')).toBe('规则列表');
    expect(routeTitle('/rules/batchTest/null')).toBe('批量测试');
    expect(routeTitle(HOME_PATH)).toBe('首页');
    expect(routeTitle('/rules/nowhere')).toBeNull();
  });
});

describe('the customer app', () => {
  it('imports nothing of the rule platform (customers never download it)', () => {
    const src = path.resolve(import.meta.dirname, '..');
    const rulesDir = path.join(src, 'rules');
    const offenders: string[] = [];
    const walk = (dir: string) => {
      for (const name of readdirSync(dir)) {
        const file = path.join(dir, name);
        if (file === rulesDir) continue;
        if (statSync(file).isDirectory()) walk(file);
        else if (/\.tsx?$/.test(name))
          for (const [, spec] of readFileSync(file, 'utf8').matchAll(
            /(?:from|import)\s*\(?\s*['"](\.{1,2}\/[^'"]+)['"]/g,
          ))
            if (path.resolve(dir, spec!).startsWith(rulesDir + path.sep)) offenders.push(path.relative(src, file));
      }
    };
    walk(src);
    expect(offenders).toEqual([]);
  });
});
