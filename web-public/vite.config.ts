// The visitor's app, served by the gateway at / (its build lands in web-public/dist).
// In development the Vite server proxies the API and the real-time socket to a gateway on :8080.
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';

const gateway = process.env.BM_GATEWAY_URL ?? 'http://127.0.0.1:8080';

export default defineConfig({
  base: '/',
  // .gz and .br files beside each asset, written once at build time: the gateway serves them as they are
  // (@fastify/static preCompressed), so nothing is compressed per request and nothing goes out raw.
  plugins: [react(), compression({ algorithms: ['gzip', 'brotliCompress'], threshold: 1024 })],
  resolve: {
    alias: [
      {
        find: /^use-sync-external-store\/shim(\/index\.js)?$/,
        replacement: fileURLToPath(new URL('./src/lib/use-sync-external-store.ts', import.meta.url)),
      },
    ],
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    // Terser with three passes writes the first download about 1.5 KB (gzip) smaller than esbuild: room
    // the home route's 80 KB budget needs for the texts' runtime (docs/performance.md).
    minify: 'terser',
    terserOptions: {
      ecma: 2020,
      module: true,
      toplevel: true,
      compress: { passes: 3 },
      format: { comments: false },
    },
    // The gateway's CSP is `default-src 'self'`: never inline assets as data: URLs into scripts or styles
    // where a policy could refuse them; small files stay files.
    assetsInlineLimit: 0,
    // Every browser this app supports understands <link rel="modulepreload">; older ones simply skip the
    // preload, so the polyfill would be bytes in the first download for nothing.
    modulePreload: { polyfill: false },
    rollupOptions: {
      treeshake: {
        // Our own packages are pure (schemas, formulas, no import-time effects), but their package.json
        // files do not say so, and the app imports them through their index. Telling Rollup keeps every
        // schema and helper the app does not use (admin read models, event envelopes, ...) out of it.
        moduleSideEffects: (id, external) => external || !/\/packages\/(contracts|health)\/src\//.test(id),
      },
    },
  },
  server: {
    proxy: {
      '/api': { target: gateway, changeOrigin: false },
      '/analytics-ws': { target: gateway, ws: true },
      '/share': { target: gateway, changeOrigin: false },
    },
  },
});
