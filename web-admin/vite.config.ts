// The operator's dashboard is served by the gateway under /admin (its build lands in web-admin/dist).
// In development the Vite server proxies the API and the real-time socket to a gateway on :8080.
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';

const gateway = process.env.BM_GATEWAY_URL ?? 'http://127.0.0.1:8080';

export default defineConfig({
  base: '/admin/',
  // .gz and .br files beside each asset, written once at build time: the gateway serves them as they are
  // (@fastify/static preCompressed), so nothing is compressed per request and nothing goes out raw.
  plugins: [react(), compression({ algorithms: ['gzip', 'brotliCompress'], threshold: 1024 })],
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: false },
  server: {
    proxy: {
      '/api': { target: gateway, changeOrigin: false },
      '/analytics-ws': { target: gateway, ws: true },
    },
  },
});
