import { describe, expect, it } from 'vitest';
import { type Manifest, type RouteFeatures, lazyModulesOf, preloadLinkHeader, staticClosure } from './webPreloads.ts';

const manifest: Manifest = {
  'index.html': { file: 'assets/main.js', imports: ['_react.js'] },
  '_react.js': { file: 'assets/react.js' },
  'src/claims/pages.ts': { file: 'assets/claims.js', imports: ['_react.js', '_images.js'], css: ['assets/claims.css'] },
  '_images.js': { file: 'assets/images.js', imports: ['_react.js'], css: ['assets/images.css'] },
};
const features: RouteFeatures = {
  'src/claims/pages.ts': ['/touch/report', '/platform/report'],
  'src/backoffice/pages.ts': ['/backoffice/audit', '/backoffice/audit/:kind/:id'],
};

describe('lazyModulesOf', () => {
  it("finds a page's feature module by App.tsx's path patterns, with or without a trailing slash", () => {
    expect(lazyModulesOf(features, '/touch/report')).toEqual(['src/claims/pages.ts']);
    expect(lazyModulesOf(features, '/platform/report/')).toEqual(['src/claims/pages.ts']);
    expect(lazyModulesOf(features, '/backoffice/audit/order/42')).toEqual(['src/backoffice/pages.ts']);
    for (const shell of [
      '/',
      '/index/index',
      '/touch/reportx',
      '/backoffice/audit/order',
      '/backoffice/audit/order/42/x',
      '/backoffice/audit//42',
    ])
      expect(lazyModulesOf(features, shell), shell).toEqual([]);
  });
});

describe('preloadLinkHeader', () => {
  it("preloads the feature's scripts and stylesheets that the shell does not already load", () => {
    expect(preloadLinkHeader(manifest, features, 'index.html', '/touch/report')).toBe(
      '</assets/claims.js>; rel=modulepreload, </assets/images.js>; rel=modulepreload, </assets/claims.css>; rel=preload; as=style, </assets/images.css>; rel=preload; as=style',
    );
    expect(preloadLinkHeader(manifest, features, 'index.html', '/index/index')).toBeUndefined();
  });

  it('fails on a feature module the manifest does not have', () => {
    expect(() => preloadLinkHeader(manifest, features, 'index.html', '/backoffice/audit')).toThrow(
      'src/backoffice/pages.ts is not in the web build',
    );
    expect([...staticClosure(manifest, ['src/claims/pages.ts'])]).toEqual([
      'src/claims/pages.ts',
      '_react.js',
      '_images.js',
    ]);
  });
});
