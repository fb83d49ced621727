// Bundles the function into lib/index.js so `firebase deploy` and the Functions emulator need
// no workspace link: @gatherly/domain and yup are inlined; the Firebase SDKs, nodemailer and yazl
// (CommonJS packages that require Node built-ins) stay external and come from this package's
// own dependencies at runtime.
import { build } from 'esbuild';

await build({
  entryPoints: ['src/index.ts'],
  outfile: 'lib/index.js',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: true,
  external: [
    'firebase-admin',
    'firebase-admin/*',
    'firebase-functions',
    'firebase-functions/*',
    'nodemailer',
    'yazl',
  ],
  logLevel: 'info',
});
