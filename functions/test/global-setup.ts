import type { TestProject } from 'vitest/node';
import { startAuthEmulator } from './harness.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    authEmulatorHost: string;
  }
}

/**
 * One Auth emulator for every functions test file: firebase-tools compiles its whole API spec on
 * start (tens of seconds on a busy machine), so files share it instead of starting their own.
 */
export default async function setup(project: TestProject) {
  const given = process.env.FIREBASE_AUTH_EMULATOR_HOST;
  if (process.env.GATHERLY_EMULATORS === 'official' && given) {
    project.provide('authEmulatorHost', given);
    return undefined;
  }
  const auth = await startAuthEmulator();
  project.provide('authEmulatorHost', auth.host);
  return () => auth.stop();
}
