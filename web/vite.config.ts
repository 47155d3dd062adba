import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';

// The server serves web/dist with these pre-compressed .br and .gz files (@fastify/static
// preCompressed). In development Vite proxies /api to the API server.
export default defineConfig({
  plugins: [
    react(),
    compression({
      algorithms: [defineAlgorithm('gzip', { level: 9 }), defineAlgorithm('brotliCompress', {})],
      include: /\.(js|css|html|svg|json)$/,
      threshold: 512,
    }),
  ],
  build: { target: 'es2022', sourcemap: false, chunkSizeWarningLimit: 1500 },
  server: {
    port: 3000,
    proxy: { '/api': { target: process.env.API_URL ?? 'http://localhost:3001', changeOrigin: false } },
  },
  test: { environment: 'node', include: ['src/**/*.test.ts', 'src/**/*.test.tsx'] },
});
