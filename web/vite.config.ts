import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// Dev: /api goes to the Functions emulator's `api` function; the function itself is mounted at
// /api, so the path is kept whole (Hosting's rewrite does the same in production).
const FUNCTIONS_API = 'http://127.0.0.1:5001/demo-gatherly/us-central1/api';

// reactfire imports every Firebase product. Functions and Remote Config are unused: marked
// side-effect free they are tree-shaken away. The Realtime Database is referenced by a reactfire
// table that cannot be tree-shaken, so it is aliased to a throwing stand-in (35 KB gzip less on
// every signed-in screen).
const UNUSED_FIREBASE = /[\\/]node_modules[\\/]@?firebase[\\/](functions|remote-config)[\\/]/;
const NO_REALTIME_DATABASE = fileURLToPath(
  new URL('./src/lib/no-realtime-database.ts', import.meta.url),
);

export default defineConfig({
  plugins: [react()],
  resolve: {
    alias: [{ find: /^firebase\/database$/, replacement: NO_REALTIME_DATABASE }],
  },
  server: {
    host: '127.0.0.1',
    proxy: { '/api': { target: FUNCTIONS_API, changeOrigin: true } },
  },
  preview: {
    proxy: { '/api': { target: FUNCTIONS_API, changeOrigin: true } },
  },
  build: {
    target: 'es2022',
    sourcemap: true,
    rolldownOptions: {
      treeshake: { moduleSideEffects: [{ test: UNUSED_FIREBASE, sideEffects: false }] },
    },
  },
});
