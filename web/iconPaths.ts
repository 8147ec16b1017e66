import { readFile, readdir } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Plugin } from 'vite';

/**
 * Blueprint's icons as one small JSON file per icon and size (its SVG paths), fetched by
 * src/shared/iconLoader.ts when an icon is first drawn. A table of per-icon chunks would cost every
 * entry a table of 1,400 hashed file names; a fixed address per icon costs nothing until an icon shows.
 * The folder carries the package's version: a new Blueprint is a new address, so the files stay
 * immutable (served from /assets/ with a year's cache).
 */
const require = createRequire(import.meta.url);
const packageJson = require.resolve('@blueprintjs/icons/package.json');
// The CommonJS build: the package does not declare its ESM files as modules to Node.
const generated = path.join(path.dirname(packageJson), 'lib', 'cjs', 'generated');
export const ICON_SIZES = [16, 20] as const;

export const iconPathsFolder = async (): Promise<string> => {
  const { version } = JSON.parse(await readFile(packageJson, 'utf8')) as { version: string };
  return `assets/blueprint-icons-${version}`;
};

export type IconPathsFile = { fileName: string; source: string };

/** Every icon's paths in both sizes, read from the modules Blueprint generates (their default export). */
export const iconPathsFiles = async (): Promise<IconPathsFile[]> => {
  const folder = await iconPathsFolder();
  const files: IconPathsFile[] = [];
  for (const size of ICON_SIZES) {
    const dir = path.join(generated, `${size}px`, 'paths');
    // index.js there re-exports them all.
    const names = (await readdir(dir)).filter((name) => name.endsWith('.js') && name !== 'index.js');
    for (const name of names) {
      const module = require(path.join(dir, name)) as { default: string[] };
      files.push({
        fileName: `${folder}/${size}/${name.replace(/\.js$/, '.json')}`,
        source: JSON.stringify(module.default),
      });
    }
  }
  return files;
};

/**
 * Emits the files into the build and serves them in dev; tells the loader their folder through
 * `__BLUEPRINT_ICON_PATHS__` (an absolute path: the app is served from the origin's root).
 */
export const blueprintIconPaths = (): Plugin => {
  let files: Promise<IconPathsFile[]> | undefined;
  const all = () => {
    files ??= iconPathsFiles();
    return files;
  };
  return {
    name: 'feibao-blueprint-icon-paths',
    config: async () => ({ define: { __BLUEPRINT_ICON_PATHS__: JSON.stringify(`/${await iconPathsFolder()}`) } }),
    configureServer: (server) =>
      void server.middlewares.use((req, res, next) => {
        const wanted = (req.url ?? '').split('?')[0]?.slice(1);
        if (!wanted?.startsWith('assets/blueprint-icons-')) return next();
        void all().then((list) => {
          const found = list.find((file) => file.fileName === wanted);
          if (!found) return next();
          res.setHeader('content-type', 'application/json');
          res.end(found.source);
        }, next);
      }),
    generateBundle: async function () {
      for (const file of await all()) this.emitFile({ type: 'asset', fileName: file.fileName, source: file.source });
    },
  };
};
