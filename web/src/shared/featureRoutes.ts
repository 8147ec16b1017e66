import { type ComponentType, lazy } from 'react';
import type { RouteObject } from 'react-router-dom';

/**
 * What a feature folder adds to the app's routes (its `routes.tsx`): under the desktop and the touch layout,
 * `standalone` pages outside both sites' frames (public verification; the dev payment gateway's cashier: a page of another
 * system, laid out for the screen it is on), and `pages`, the Vite manifest key of the module its pages
 * load lazily (`import('./pages.ts')`), which the edge preloads for those paths (routeFeatures.ts).
 */
export type FeatureRoutes = {
  pages: string;
  desktop: RouteObject[];
  touch: RouteObject[];
  standalone?: RouteObject[];
};

/**
 * A page of a feature's lazily loaded chunk: the chunk is fetched the first time one of its routes is
 * visited (App.tsx; routeFeatures.ts names each feature's chunk).
 */
export const lazyPage = <P extends object>(load: () => Promise<ComponentType<P>>) =>
  lazy(() => load().then((page) => ({ default: page })));
