import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { initializeTestEnvironment, type RulesTestEnvironment } from '@firebase/rules-unit-testing';
import { PROJECT_ID, type TestUser } from './harness.ts';

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));

function hostAndPort(variable: string): { host: string; port: number } {
  const value = process.env[variable];
  if (!value) throw new Error(`${variable} is not set: start the stack first`);
  const url = new URL(`http://${value}`);
  return { host: url.hostname, port: Number(url.port) };
}

/**
 * The direct path of the web app: Firestore and Storage clients (the official web SDK through
 * @firebase/rules-unit-testing) that go through firestore.rules and storage.rules, on the same
 * emulators the stack's functions use. Call after `startStack`.
 */
export async function directPath(): Promise<{
  env: RulesTestEnvironment;
  as(user: TestUser): ReturnType<RulesTestEnvironment['authenticatedContext']>;
}> {
  const env = await initializeTestEnvironment({
    projectId: PROJECT_ID,
    firestore: {
      ...hostAndPort('FIRESTORE_EMULATOR_HOST'),
      rules: readFileSync(`${repoRoot}firestore.rules`, 'utf8'),
    },
    storage: {
      ...hostAndPort('FIREBASE_STORAGE_EMULATOR_HOST'),
      rules: readFileSync(`${repoRoot}storage.rules`, 'utf8'),
    },
  });
  return {
    env,
    as: (user) =>
      env.authenticatedContext(user.uid, {
        email: user.email,
        email_verified: true,
        name: user.name,
        firebase: { sign_in_provider: 'google.com' },
      }),
  };
}
