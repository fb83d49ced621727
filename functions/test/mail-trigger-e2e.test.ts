/**
 * End to end through the real Functions emulator: a `mail` document created in the offline
 * Firestore emulator fires the deployed `mailDelivery` trigger, which sends it to an SMTP server
 * and marks it SUCCESS; `emailScheduler`, run as Cloud Scheduler would, queues a due reminder
 * that the trigger then delivers. The same code paths run in production.
 *
 * It needs the offline emulator's delivery of Firestore events to the Functions emulator
 * (emulator/src/functions/functions-emulator.ts, the emulator's trigger work). Where that module
 * is not in the tree the suite is skipped, and only then: the flag below is computed, not set.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Timestamp, type Firestore } from 'firebase-admin/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MailDocument } from '@gatherly/domain/entities';
import { reminderMailId } from '@gatherly/domain/email/reminders';
import { queuedMail } from '../src/mail/queue.ts';
import { startTestSmtp, type TestSmtp } from './smtp.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const FUNCTIONS_EMULATOR = fileURLToPath(
  new URL('../../emulator/src/functions/functions-emulator.ts', import.meta.url),
);
/** Trigger delivery is available once the emulator's Functions launcher is in the tree. */
const TRIGGER_DELIVERY_AVAILABLE = existsSync(FUNCTIONS_EMULATOR);

/** The parts of emulator/src/functions/functions-emulator.ts this test uses. */
interface FunctionsEmulatorModule {
  startFunctionsEmulator(options: {
    projectDir: string;
    projectId: string;
    firestore?: { host: string; port: number };
    env?: NodeJS.ProcessEnv;
    scheduler?: boolean;
  }): Promise<{
    output(): string;
    runScheduled(name: string, scheduleTime?: Date): Promise<{ ok: boolean; detail: string }>;
    stop(): Promise<void>;
  }>;
}

const PROJECT_ID = 'demo-gatherly';

async function until<T>(what: string, probe: () => Promise<T | null>, ms = 60_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value !== null) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

describe.skipIf(!TRIGGER_DELIVERY_AVAILABLE)('mail trigger end to end', () => {
  let smtp: TestSmtp;
  let db: Firestore;
  let stop: () => Promise<void> = async () => {};
  let runScheduled: (name: string) => Promise<{ ok: boolean; detail: string }>;
  let output: () => string = () => '';

  beforeAll(async () => {
    const { startEmulators } = await import('@gatherly/emulator/index');
    const emulators = await startEmulators({
      firestorePort: 0,
      storagePort: 0,
      host: '127.0.0.1',
      logLevel: 'error',
    });
    process.env.FIRESTORE_EMULATOR_HOST = `${emulators.firestore.host}:${emulators.firestore.port}`;
    process.env.GCLOUD_PROJECT = PROJECT_ID;
    smtp = await startTestSmtp();
    // The Functions emulator loads the bundle (functions/lib), as `firebase deploy` does.
    execFileSync(process.execPath, ['build.mjs'], { cwd: `${ROOT}functions`, stdio: 'ignore' });
    const mod = (await import(pathToFileURL(FUNCTIONS_EMULATOR).href)) as FunctionsEmulatorModule;
    const functions = await mod.startFunctionsEmulator({
      projectDir: ROOT,
      projectId: PROJECT_ID,
      firestore: { host: emulators.firestore.host, port: emulators.firestore.port },
      env: { SMTP_URI: smtp.uri, EMAIL_LINK_SECRET: 'e2e-link-secret-0123456789abcdef' },
    });
    stop = async () => {
      await functions.stop();
      await emulators.stop();
    };
    runScheduled = (name) => functions.runScheduled(name);
    output = () => functions.output();
    const { db: firestore } = await import('../src/firebase.ts');
    db = firestore();
  }, 240_000);

  afterAll(async () => {
    await smtp?.stop();
    await stop();
  });

  it('a new mail document is sent once by mailDelivery and marked SUCCESS', async () => {
    const ref = db.collection('mail').doc('e2e-invitation');
    const { id: _id, ...data } = queuedMail('guest@example.com', {
      subject: 'You are invited (end to end)',
      text: 'Hello',
      html: '<p>Hello</p>',
    });
    await ref.set(data);
    const delivered = await until('SUCCESS', async () => {
      const d = (await ref.get()).data() as MailDocument<Timestamp> | undefined;
      return d?.delivery?.state === 'SUCCESS' ? d : null;
    }).catch((err: unknown) => {
      throw new Error(`${String(err)}\n${output().slice(-3000)}`);
    });
    expect(delivered.delivery).toMatchObject({ attempts: 1, error: null });
    expect(smtp.received.map((m) => m.subject)).toEqual(['You are invited (end to end)']);
    expect(smtp.received[0]?.from?.value[0]?.address).toBe('no-reply@gatherly.test');
  }, 120_000);

  it('the scheduler queues a due reminder and the trigger delivers it', async () => {
    const eventId = 'e2e-event';
    const start = new Date(Date.now() + 3 * 3_600_000).toISOString();
    await db.doc(`events/${eventId}`).set({
      name: 'E2E Weekend',
      description: '',
      location: '',
      startDate: null,
      endDate: null,
      createdBy: 'host',
      createdAt: Timestamp.now(),
    });
    await db.doc(`events/${eventId}/members/guest`).set({
      eventId,
      userId: 'guest',
      role: 'attendee',
      joinedAt: Timestamp.now(),
      user: { displayName: 'Guest', email: 'guest2@example.com', photoURL: '' },
    });
    await db.doc(`events/${eventId}/schedule/dinner`).set({
      id: 'dinner',
      eventId,
      title: 'Dinner',
      description: '',
      startTime: start,
      endTime: null,
      location: '',
      createdBy: 'host',
      createdAt: Timestamp.now(),
    });
    expect((await runScheduled('emailScheduler')).ok).toBe(true);
    const ref = db.doc(`mail/${reminderMailId('unanswered', eventId, 'dinner', 'guest')}`);
    await until('the reminder delivered', async () => {
      const d = (await ref.get()).data() as MailDocument<Timestamp> | undefined;
      return d?.delivery?.state === 'SUCCESS' ? d : null;
    });
    expect(smtp.received.map((m) => m.subject)).toContain(
      'Are you coming to Dinner? (E2E Weekend)',
    );
  }, 120_000);
});
