/**
 * A feature page of the customer app loads its feature's chunk lazily, after the shell's scripts ran:
 * one more round trip on a phone. The edge names that chunk and its imports in the page's answer
 * (a Link header), so the browser fetches them beside the shell's scripts (docs/adr/0012-web-first-load.md).
 * Both tables come from the build (web/dist/.vite): Vite's manifest, and the pages' feature modules
 * the web derives from its one feature list (web/src/features.ts, mapped by web/src/routeFeatures.ts). bench/bundles.ts counts first loads with
 * the same functions. No imports: pure functions over the build's two files.
 */
export type ManifestChunk = { file: string; imports?: string[]; css?: string[] };
export type Manifest = Record<string, ManifestChunk>;
/** Manifest key of a feature module → the page paths (App.tsx's patterns, `:param` for a segment) that load it. */
export type RouteFeatures = Record<string, readonly string[]>;

const matches = (pattern: string, pathname: string) => {
  const want = pattern.split('/');
  const have = pathname.split('/');
  return (
    want.length === have.length &&
    want.every((segment, i) => (segment.startsWith(':') ? have[i] !== '' : segment === have[i]))
  );
};

/** The manifest keys of the modules the page at `pathname` loads lazily (none for the shell's own pages). */
export const lazyModulesOf = (features: RouteFeatures, pathname: string): string[] => {
  const trimmed = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return Object.entries(features)
    .filter(([, patterns]) => patterns.some((pattern) => matches(pattern, trimmed)))
    .map(([key]) => key);
};

/** The manifest keys of `keys` and of everything they import statically, transitively. Throws on an unknown key. */
export const staticClosure = (manifest: Manifest, keys: readonly string[]): Set<string> => {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    if (!manifest[key]) throw new Error(`${key} is not in the web build's manifest`);
    seen.add(key);
    for (const imported of manifest[key].imports ?? []) visit(imported);
  };
  for (const key of keys) visit(key);
  return seen;
};

/**
 * The Link header value preloading what the page's lazy modules need beyond the entry's own scripts
 * (which the HTML already names): scripts as modulepreload, stylesheets as style preloads.
 */
export const preloadLinkHeader = (
  manifest: Manifest,
  features: RouteFeatures,
  entry: string,
  pathname: string,
): string | undefined => {
  const lazy = lazyModulesOf(features, pathname);
  if (!lazy.length) return undefined;
  const shell = staticClosure(manifest, [entry]);
  const chunks = [...staticClosure(manifest, lazy)]
    .filter((key) => !shell.has(key))
    .map((key) => manifest[key] as ManifestChunk);
  const scripts = new Set(chunks.map((chunk) => chunk.file).filter((file) => file.endsWith('.js')));
  const styles = new Set(chunks.flatMap((chunk) => chunk.css ?? []));
  const links = [
    ...[...scripts].map((file) => `</${file}>; rel=modulepreload`),
    ...[...styles].map((file) => `</${file}>; rel=preload; as=style`),
  ];
  return links.length ? links.join(', ') : undefined;
};
