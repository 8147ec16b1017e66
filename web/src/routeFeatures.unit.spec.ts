import { isValidElement, type ReactElement } from 'react';
import type { RouteObject } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { routes } from './App.tsx';
import { features as featureList } from './features.ts';
import { routeFeaturesOf } from './routeFeatures.ts';

const ROUTE_FEATURES = routeFeaturesOf(featureList);

const pages = (list: RouteObject[]): { path: string; element: unknown }[] =>
  list.flatMap((route) => [
    ...(route.path ? [{ path: route.path, element: route.element }] : []),
    ...pages(route.children ?? []),
  ]);

/** The page component a route's element renders once its lazy chunk is in (React.lazy's own payload), or null for a shell page. */
const lazyPageOf = async (element: unknown) => {
  if (!isValidElement(element)) return null;
  const type = (element as ReactElement).type as { _payload?: { _result?: unknown } };
  const load = type._payload?._result;
  if (typeof load !== 'function') return null;
  return ((await load()) as { default: unknown }).default;
};

const features: Record<string, () => Promise<Record<string, unknown>>> = {
  'src/accounts/pages.tsx': () => import('./accounts/pages.tsx'),
  'src/ordering/pages.ts': () => import('./ordering/pages.ts'),
  'src/claims/pages.ts': () => import('./claims/pages.ts'),
  'src/backoffice/pages.ts': () => import('./backoffice/pages.ts'),
  'src/invoices/pages.ts': () => import('./invoices/pages.ts'),
  'src/verify/pages.ts': () => import('./verify/pages.ts'),
  'src/notifications/pages.ts': () => import('./notifications/pages.ts'),
  'src/payments/pages.ts': () => import('./payments/pages.ts'),
  'src/endorsement/pages.ts': () => import('./endorsement/pages.ts'),
  'src/disclosure/pages.ts': () => import('./disclosure/pages.ts'),
};

describe('ROUTE_FEATURES (the edge preloads and the bundle check count from it)', () => {
  it('lists every route of App.tsx under the feature module whose page it renders, and no other path', async () => {
    expect(Object.keys(ROUTE_FEATURES).sort()).toEqual(Object.keys(features).sort());
    const exported = await Promise.all(
      Object.entries(features).map(async ([key, load]) => [key, Object.values(await load())] as const),
    );
    const all = pages(routes);
    expect(all.length).toBeGreaterThan(30);
    for (const { path, element } of all) {
      const page = await lazyPageOf(element);
      const expected = page ? exported.filter(([, values]) => values.includes(page)).map(([key]) => key) : [];
      expect(
        page === null || expected.length === 1,
        `${path}: its page is exported by exactly one feature module`,
      ).toBe(true);
      const listed = Object.entries(ROUTE_FEATURES)
        .filter(([, paths]) => paths.includes(path))
        .map(([key]) => key);
      expect(listed, path).toEqual(expected);
    }
    const known = new Set(all.map((route) => route.path));
    for (const path of Object.values(ROUTE_FEATURES).flat())
      expect(known.has(path), `${path} is a route of App.tsx`).toBe(true);
  }, 30_000);
});
