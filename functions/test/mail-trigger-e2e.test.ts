/**
 * End to end through the real Functions emulator: a `mail` document created in the offline
 * Firestore emulator fires the deployed `mailDelivery` trigger (the emulator delivers document
 * events to the Functions emulator as the official one does), which sends it to an SMTP server
 * and marks it SUCCESS; `emailScheduler`, run as Cloud Scheduler would, queues a due reminder
 * that the trigger then delivers. The same code paths run in production.
 */
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { Timestamp } from 'firebase-admin/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_BANNER_SETTINGS, DEFAULT_THEME_COLORS } from '@gatherly/domain/entities/events';
import { reminderMailId } from '@gatherly/domain/email/reminders';
import { startFunctionsEmulator } from '@gatherly/emulator/functions/functions-emulator';
import type { DataAccess } from '../src/db.ts';
import { queuedMail } from '../src/mail/queue.ts';
import { startTestSmtp, type TestSmtp } from './smtp.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

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

describe('mail trigger end to end', () => {
  let smtp: TestSmtp;
  let store: DataAccess;
  let stop: () => Promise<void> = async () => {};
  let runScheduled: (name: string) => Promise<{ ok: boolean; detail: string }>;
  let output: () => string = () => '';

  beforeAll(async () => {
    // No cloud metadata server here: firebase-admin and firebase-tools must not look for one.
    process.env.METADATA_SERVER_DETECTION = 'none';
    // GATHERLY_EMULATORS=official: firebase-tools starts its own Firestore emulator beside the
    // Functions emulator; otherwise the offline one delivers the document events.
    let offline: { firestore: { host: string; port: number }; stop(): Promise<void> } | null = null;
    if (process.env.GATHERLY_EMULATORS !== 'official') {
      const { startEmulators } = await import('@gatherly/emulator/index');
      offline = await startEmulators({
        firestorePort: 0,
        storagePort: 0,
        host: '127.0.0.1',
        logLevel: 'error',
        firestoreIndexes: `${ROOT}firestore.indexes.json`,
      });
    }
    process.env.GCLOUD_PROJECT = PROJECT_ID;
    smtp = await startTestSmtp();
    // The Functions emulator loads the bundle (functions/lib), as `firebase deploy` does.
    execFileSync(process.execPath, ['build.mjs'], { cwd: `${ROOT}functions`, stdio: 'ignore' });
    const functions = await startFunctionsEmulator({
      projectDir: ROOT,
      projectId: PROJECT_ID,
      ...(offline
        ? { firestore: { host: offline.firestore.host, port: offline.firestore.port } }
        : {}),
      env: { SMTP_URI: smtp.uri, EMAIL_LINK_SECRET: 'e2e-link-secret-0123456789abcdef' },
    });
    process.env.FIRESTORE_EMULATOR_HOST = `${functions.firestore.host}:${functions.firestore.port}`;
    stop = async () => {
      await functions.stop();
      await offline?.stop();
    };
    runScheduled = (name) => functions.runScheduled(name);
    output = () => functions.output();
    const firebase = await import('../src/firebase.ts');
    store = firebase.store();
  }, 240_000);

  afterAll(async () => {
    await smtp?.stop();
    await stop();
  });

  it('a new mail document is sent once by mailDelivery and marked SUCCESS', async () => {
    const ref = store.mailDoc('e2e-invitation');
    await ref.set(
      queuedMail(ref.id, 'guest@example.com', {
        subject: 'You are invited (end to end)',
        text: 'Hello',
        html: '<p>Hello</p>',
      }),
    );
    const delivered = await until('SUCCESS', async () => {
      const d = (await ref.get()).data();
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
    await store.event(eventId).set({
      id: eventId,
      name: 'E2E Weekend',
      description: '',
      location: '',
      startDate: null,
      endDate: null,
      customLogo: '',
      themeColors: DEFAULT_THEME_COLORS,
      bannerSettings: DEFAULT_BANNER_SETTINGS,
      bannerImageUrl: null,
      adminId: 'host',
      createdBy: 'host',
      createdAt: Timestamp.now(),
      timeZone: 'UTC',
    });
    await store.member(eventId, 'guest').set({
      id: 'guest',
      eventId,
      userId: 'guest',
      role: 'attendee',
      joinedAt: Timestamp.now(),
      user: { displayName: 'Guest', email: 'guest2@example.com', photoURL: '' },
    });
    await store.schedule(eventId).doc('dinner').set({
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
    const ref = store.mailDoc(reminderMailId('unanswered', eventId, 'dinner', 'guest'));
    await until('the reminder delivered', async () => {
      const d = (await ref.get()).data();
      return d?.delivery?.state === 'SUCCESS' ? d : null;
    });
    expect(smtp.received.map((m) => m.subject)).toContain(
      'Are you coming to Dinner? (E2E Weekend)',
    );
  }, 120_000);
});
