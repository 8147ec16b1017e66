import { fileURLToPath } from 'node:url';
import { defineConfig, runnerImport, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { blueprintIconPaths } from './iconPaths.ts';
import { precompress } from './precompress.ts';
import { ROUTE_FEATURES_FILE, routeFeaturesOf } from './src/routeFeatures.ts';

/**
 * The rule platform is its own HTML entry (rules.html → src/rules/main.tsx), so customers never
 * download it. In dev and preview its client-side routes under /rules fall back to rules.html,
 * as the edge does in production (services/edge/src/webEntries.ts).
 */
const rulesFallback = (): Plugin => {
  const rewrite = (req: { url?: string }, _res: unknown, next: () => void) => {
    const path = (req.url ?? '').split('?')[0] ?? '';
    if ((path === '/rules' || path.startsWith('/rules/')) && !path.includes('.')) req.url = '/rules.html';
    next();
  };
  return {
    name: 'feibao-rules-fallback',
    configureServer: (server) => void server.middlewares.use(rewrite),
    configurePreviewServer: (server) => void server.middlewares.use(rewrite),
  };
};

/**
 * Ships the pages' feature modules beside the manifest, for the edge's preloads (src/routeFeatures.ts),
 * read from the app's own feature list (src/features.ts): its routes modules load no page, so Node runs them.
 */
const routeFeatures = (): Plugin => ({
  name: 'feibao-route-features',
  apply: 'build',
  async generateBundle() {
    const { module } = await runnerImport<typeof import('./src/features.ts')>(
      fileURLToPath(new URL('./src/features.ts', import.meta.url)),
      { configFile: false, logLevel: 'error' },
    );
    this.emitFile({
      type: 'asset',
      fileName: ROUTE_FEATURES_FILE,
      source: `${JSON.stringify(routeFeaturesOf(module.features), null, 2)}\n`,
    });
  },
});

const backend = `http://127.0.0.1:${process.env.PORT ?? '3000'}`;
/** The dev and preview servers hand the API to the platform started with `npm start`. */
const apiProxy = {
  '/api': { target: backend, changeOrigin: true },
  '/sso-platform': { target: backend, changeOrigin: true },
};

export default defineConfig(({ command }) => {
  // A build is what users get, whatever NODE_ENV its caller runs with: the e2e platform runs with
  // "test", with which Vite would bundle React's development build (67 kB more of first load).
  if (command === 'build') process.env.NODE_ENV = 'production';
  return {
    plugins: [react(), rulesFallback(), blueprintIconPaths(), routeFeatures(), precompress()],
    resolve: {
      // @feibao/domain ships TypeScript source whose imports carry a `.ts` extension.
      extensions: ['.ts', '.tsx', '.mjs', '.js', '.jsx', '.json'],
      dedupe: ['react', 'react-dom', 'zod'],
    },
    server: { host: '127.0.0.1', port: 5173, proxy: apiProxy },
    preview: { host: '127.0.0.1', port: 4173, proxy: apiProxy },
    build: {
      outDir: 'dist',
      emptyOutDir: true,
      chunkSizeWarningLimit: 1500,
      // bench/bundles.ts reads it: the files each route's first visit loads.
      manifest: true,
      rolldownOptions: {
        input: {
          main: fileURLToPath(new URL('index.html', import.meta.url)),
          rules: fileURLToPath(new URL('rules.html', import.meta.url)),
        },
      },
    },
  };
});
