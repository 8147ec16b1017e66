import { describe, expect, it } from 'vitest';
import { routeDocsOf } from './routeTable.ts';

describe('routeDocsOf', () => {
  it('joins the docs of every feature', () => {
    const docs = routeDocsOf([
      { name: 'a', docs: { 'GET /a': { summary: 'a' } } },
      { name: 'b' },
      { name: 'c', docs: { 'POST /c': { summary: 'c' } } },
    ]);
    expect(Object.keys(docs)).toEqual(['GET /a', 'POST /c']);
  });

  it('refuses a route documented by two features', () => {
    expect(() =>
      routeDocsOf([
        { name: 'a', docs: { 'GET /x': { summary: 'a' } } },
        { name: 'b', docs: { 'GET /x': { summary: 'b' } } },
      ]),
    ).toThrow('route doc GET /x registered by both a and b');
  });
});
