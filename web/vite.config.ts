import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { defineConfig } from 'vitest/config';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';

// The server serves web/dist with these pre-compressed .br and .gz files (@fastify/static
// preCompressed). In development Vite proxies /api to the API server.
export default defineConfig(({ command }) => ({
  plugins: [
    react(),
    compression({
      algorithms: [defineAlgorithm('gzip', { level: 9 }), defineAlgorithm('brotliCompress', {})],
      include: /\.(js|css|html|svg|json)$/,
      threshold: 512,
    }),
    // The app shell for offline inspection (issue 21, docs/decisions.md "Offline inspection"):
    // production builds only, a generated sw.js (and its workbox runtime) served from this
    // origin, that precaches the built files and answers navigations with index.html. It never
    // caches /api/: task data goes to IndexedDB from the app's own code (web/src/offline).
    // main.tsx registers it; a new build's worker takes over at once (skipWaiting, clientsClaim).
    ...(command === 'build'
      ? [
          VitePWA({
            strategies: 'generateSW',
            registerType: 'autoUpdate',
            injectRegister: false,
            manifest: false,
            filename: 'sw.js',
            workbox: {
              globPatterns: ['**/*.{js,css,html,svg,woff2,png}'],
              // The signed-in app's screens are lazy chunks: each must be there offline.
              maximumFileSizeToCacheInBytes: 8 * 1024 * 1024,
              navigateFallback: '/index.html',
              navigateFallbackDenylist: [/^\/api\//],
              skipWaiting: true,
              clientsClaim: true,
              cleanupOutdatedCaches: true,
              runtimeCaching: [],
            },
          }),
        ]
      : []),
  ],
  build: { target: 'es2022', sourcemap: false, chunkSizeWarningLimit: 1500 },
  server: {
    port: 3000,
    proxy: { '/api': { target: process.env.API_URL ?? 'http://localhost:3001', changeOrigin: false } },
  },
  test: { environment: 'node', include: ['src/**/*.test.ts', 'src/**/*.test.tsx'] },
}));
