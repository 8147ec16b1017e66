import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

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

const backend = `http://127.0.0.1:${process.env.PORT ?? '3000'}`;

export default defineConfig({
  plugins: [react(), rulesFallback()],
  resolve: {
    // @feibao/domain ships TypeScript source whose imports carry a `.ts` extension.
    extensions: ['.ts', '.tsx', '.mjs', '.js', '.jsx', '.json'],
    dedupe: ['react', 'react-dom', 'zod'],
  },
  server: {
    host: '127.0.0.1',
    port: 5173,
    proxy: {
      '/api': { target: backend, changeOrigin: true },
      '/sso-platform': { target: backend, changeOrigin: true },
    },
  },
  preview: {
    host: '127.0.0.1',
    port: 4173,
    proxy: {
      '/api': { target: backend, changeOrigin: true },
      '/sso-platform': { target: backend, changeOrigin: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 1500,
    rolldownOptions: {
      input: {
        main: fileURLToPath(new URL('index.html', import.meta.url)),
        rules: fileURLToPath(new URL('rules.html', import.meta.url)),
      },
    },
  },
});
