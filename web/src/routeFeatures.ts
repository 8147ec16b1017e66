/**
 * Which feature module each page of App.tsx loads lazily, by Vite manifest key, with App.tsx's own
 * path patterns, derived from the app's one feature list (features.ts). The build ships it beside its
 * manifest (.vite/route-features.json, vite.config.ts): the edge names a page's chunks in its answer's
 * Link header so that they load beside the shell's scripts (services/edge/src/webPreloads.ts), and
 * bench/bundles.ts counts first loads from it. The shell's own pages are in no feature.
 */
import type { RouteObject } from 'react-router-dom';
import type { FeatureRoutes } from './shared/featureRoutes.ts';

export const ROUTE_FEATURES_FILE = '.vite/route-features.json';

const pathsOf = (routes: readonly RouteObject[]): string[] =>
  routes.flatMap((route) => [...(route.path ? [route.path] : []), ...pathsOf(route.children ?? [])]);

/** Each feature's pages module with the paths of its routes, desktop first. */
export const routeFeaturesOf = (features: readonly FeatureRoutes[]): Record<string, readonly string[]> =>
  Object.fromEntries(
    features.map((feature) => [
      feature.pages,
      pathsOf([...feature.desktop, ...feature.touch, ...(feature.standalone ?? [])]),
    ]),
  );
