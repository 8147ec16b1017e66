/**
 * Compiles the production entries to plain JavaScript in dist/ (esbuild), so the processes run
 * without the TypeScript loader: `npm start` and the Docker image run these. Our workspace
 * packages are bundled in; third-party packages stay in node_modules (native modules such as
 * @gorules/zen-engine and sharp, pino's transports) and are imported from there at run time.
 *
 *   npm run build:server        (tsx scripts/build.ts)
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build, type Plugin } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const serverDist = path.join(root, 'dist');

/** dist/<name>.js ← its source. */
export const serverEntries = {
  command: 'services/command/src/main.ts',
  query: 'services/query/src/main.ts',
  workers: 'workers/src/main.ts',
  edge: 'services/edge/src/main.ts',
  combined: 'scripts/combined-main.ts',
} as const;
// Not here: the one-shot steps (npm run migrate, projections:rebuild) stay on tsx, since a migration
// may be a TypeScript module the migration runner imports by its path (services/platform/src/migrations).
export type ServerEntry = keyof typeof serverEntries;

const posix = (file: string) => file.split(path.sep).join('/');
const rootModules = path.join(root, 'node_modules') + path.sep;

/**
 * Third-party imports stay imports. One that resolves to a workspace's own node_modules (a
 * version other than the root's, e.g. services/platform/node_modules/pg) is pointed at that
 * file, since from dist/ Node would find the root's copy instead.
 */
const keepPackagesExternal: Plugin = {
  name: 'keep-packages-external',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, async (args) => {
      if (args.pluginData === 'inner' || args.path.startsWith('@feibao/') || path.isAbsolute(args.path))
        return undefined;
      const found = await b.resolve(args.path, {
        kind: args.kind,
        resolveDir: args.resolveDir,
        importer: args.importer,
        pluginData: 'inner',
      });
      if (found.errors.length > 0) return { errors: found.errors };
      if (found.external || found.path.startsWith(rootModules)) return { path: args.path, external: true };
      if (!found.path.includes(`${path.sep}node_modules${path.sep}`)) return undefined;
      return { path: `./${posix(path.relative(serverDist, found.path))}`, external: true };
    });
  },
};

/**
 * Files read relative to their module (SQL migrations, web/dist) are found from the bundle's
 * place instead: `import.meta.url` of a source file becomes that file's URL relative to dist/,
 * so the tree still works when moved as a whole (the Docker image).
 */
const sourceRelativeUrls: Plugin = {
  name: 'source-relative-urls',
  setup(b) {
    b.onLoad({ filter: /\.ts$/ }, async (args) => {
      if (args.path.includes(`${path.sep}node_modules${path.sep}`)) return undefined;
      const text = await readFile(args.path, 'utf8');
      if (!text.includes('import.meta.url')) return undefined;
      const relative = posix(path.relative(serverDist, args.path));
      return {
        contents: text.replaceAll('import.meta.url', `new URL(${JSON.stringify(relative)}, import.meta.url).href`),
        loader: 'ts',
      };
    });
  },
};

export const buildServer = async (entries: readonly ServerEntry[] = Object.keys(serverEntries) as ServerEntry[]) => {
  const started = performance.now();
  await build({
    entryPoints: Object.fromEntries(entries.map((name) => [name, path.join(root, serverEntries[name])])),
    outdir: serverDist,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20.19',
    sourcemap: true,
    logLevel: 'warning',
    // A bundled dependency's `require` of a Node module needs a real require in an ES module.
    banner: {
      js: "import { createRequire as __feibaoRequire } from 'node:module'; const require = __feibaoRequire(import.meta.url);",
    },
    plugins: [keepPackagesExternal, sourceRelativeUrls],
  });
  return {
    ms: Math.round(performance.now() - started),
    files: entries.map((name) => path.join(serverDist, `${name}.js`)),
  };
};

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { ms, files } = await buildServer();
  process.stdout.write(`[build] ${files.map((f) => path.relative(root, f)).join(', ')} in ${ms} ms\n`);
}
