import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// Dev: /api goes to the Functions emulator's `api` function; the function itself is mounted at
// /api, so the path is kept whole (Hosting's rewrite does the same in production).
const FUNCTIONS_API = 'http://127.0.0.1:5001/demo-gatherly/us-central1/api';

// reactfire imports every Firebase product; these three are unused, and without this they
// would stay in the bundle for their registration side effects.
const UNUSED_FIREBASE =
  /[\\/]node_modules[\\/](@firebase[\\/](database|functions|remote-config)|firebase[\\/](database|functions|remote-config))[\\/]/;

export default defineConfig({
  plugins: [react()],
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
      treeshake: { moduleSideEffects: (id: string) => !UNUSED_FIREBASE.test(id) },
    },
  },
});
