import { Timestamp } from 'firebase-admin/firestore';
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import type { MailDelivery } from '@gatherly/domain/entities/mail';
import type { MailRecord } from '../src/db.ts';
import { pendingDelivery, queuedMail } from '../src/mail/queue.ts';
import {
  INTERRUPTED_MESSAGE,
  INVALID_MAIL_MESSAGE,
  deliverMail,
  type DeliveryOptions,
} from '../src/services/mail-delivery.ts';
import { isTransientSmtpError, smtpTransport } from '../src/mail/transport.ts';
import { startStack, type Stack } from './harness.ts';
import { startTestSmtp, type TestSmtp } from './smtp.ts';

let stack: Stack;
let smtp: TestSmtp;
beforeAll(async () => {
  stack = await startStack({ authEmulatorHost: inject('authEmulatorHost') });
  smtp = await startTestSmtp();
});
afterAll(async () => {
  await smtp?.stop();
  await stack?.stop();
});
beforeEach(() => {
  smtp.plan();
  smtp.received.length = 0;
});

const FROM = 'Gatherly <no-reply@gatherly.test>';
let seq = 0;

/** A PENDING mail document as the functions queue them. */
async function queue(to = 'guest@example.com', extra: Partial<MailRecord> = {}) {
  seq += 1;
  const id = `delivery-test-${seq}-${Math.random().toString(36).slice(2, 8)}`;
  const data = queuedMail(id, to, {
    subject: `Hello ${seq}`,
    text: 'Plain body',
    html: '<p>HTML body</p>',
    headers: { 'List-Unsubscribe': '<http://app.test/api/unsubscribe?token=t>' },
  });
  await stack.store.mailDoc(id).set({ ...data, ...extra });
  return id;
}

async function delivery(id: string): Promise<MailDelivery<Timestamp>> {
  const d = (await stack.store.mailDoc(id).get()).data()?.delivery;
  if (!d) throw new Error(`mail/${id} has no delivery field`);
  return d;
}

/** Options with short pauses; records each pause and what the document said during it. */
function options(retryDelaysMs: number[] = [50, 100]) {
  const pauses: { ms: number; during: MailDelivery<Timestamp> | null }[] = [];
  let current = '';
  const opts: DeliveryOptions & { watch(id: string): void } = {
    from: FROM,
    retryDelaysMs,
    leaseMs: 30_000,
    async sleep(ms) {
      pauses.push({ ms, during: current ? await delivery(current) : null });
      await new Promise((r) => setTimeout(r, ms));
    },
    watch(id) {
      current = id;
    },
  };
  return { opts, pauses };
}

describe('mail delivery', () => {
  it('a new mail document is PENDING, then sent once: SUCCESS with the SMTP info', async () => {
    const id = await queue();
    expect(await delivery(id)).toEqual({
      state: 'PENDING',
      attempts: 0,
      startTime: null,
      endTime: null,
      leaseExpireTime: null,
      error: null,
      info: null,
    });
    const before = Date.now();
    const outcome = await deliverMail(smtpTransport(smtp.uri), id, options().opts);
    expect(outcome).toBe('sent');
    const d = await delivery(id);
    expect(d).toMatchObject({ state: 'SUCCESS', attempts: 1, error: null, leaseExpireTime: null });
    expect(d.startTime?.toMillis()).toBeGreaterThanOrEqual(before - 1000);
    expect(d.endTime!.toMillis()).toBeGreaterThanOrEqual(d.startTime!.toMillis());
    expect(d.info).toMatchObject({ accepted: ['guest@example.com'], rejected: [], pending: [] });
    expect(d.info?.response).toMatch(/^250/);
    expect(smtp.received).toHaveLength(1);
    const mail = smtp.received[0]!;
    expect(d.info?.messageId).toBe(mail.messageId);
    expect(mail.subject).toMatch(/^Hello \d+$/);
    expect(mail.from?.value).toEqual([{ name: 'Gatherly', address: 'no-reply@gatherly.test' }]);
    expect(mail.text?.trim()).toBe('Plain body');
    expect(mail.html).toBe('<p>HTML body</p>');
    expect(mail.headerLines.find((h) => h.key === 'list-unsubscribe')?.line).toBe(
      'List-Unsubscribe: <http://app.test/api/unsubscribe?token=t>',
    );

    // A repeated event for the same document sends nothing.
    expect(await deliverMail(smtpTransport(smtp.uri), id, options().opts)).toBe('finished');
    expect(smtp.received).toHaveLength(1);
  });

  it('a transient failure (451) is retried after a pause, then succeeds', async () => {
    const id = await queue();
    smtp.plan({ code: 451, text: 'Try again later' });
    const { opts, pauses } = options([80, 160]);
    opts.watch(id);
    const asked = smtp.attempts();
    expect(await deliverMail(smtpTransport(smtp.uri), id, opts)).toBe('sent');
    expect(pauses.map((p) => p.ms)).toEqual([80]);
    // During the pause the document says why and holds the claim past the pause.
    const during = pauses[0]!.during!;
    expect(during).toMatchObject({ state: 'PROCESSING', attempts: 2 });
    expect(during.error).toMatch(/answered 451.*Try again later/);
    expect(during.leaseExpireTime!.toMillis()).toBeGreaterThan(Date.now());
    expect(await delivery(id)).toMatchObject({ state: 'SUCCESS', attempts: 2, error: null });
    expect(smtp.attempts() - asked).toBe(2);
    expect(smtp.received).toHaveLength(1);
  });

  it('pauses grow, and when the attempts run out the mail is ERROR with the last failure', async () => {
    const id = await queue();
    smtp.plan({ code: 421 }, { code: 450 }, { code: 451, text: 'Mailbox busy' });
    const { opts, pauses } = options([40, 120]);
    expect(await deliverMail(smtpTransport(smtp.uri), id, opts)).toBe('failed');
    expect(pauses.map((p) => p.ms)).toEqual([40, 120]);
    const d = await delivery(id);
    expect(d).toMatchObject({ state: 'ERROR', attempts: 3, leaseExpireTime: null, info: null });
    expect(d.error).toMatch(/answered 451.*Mailbox busy/);
    expect(smtp.received).toHaveLength(0);
  });

  it('a permanent failure (550) is ERROR at once, without retries', async () => {
    const id = await queue();
    smtp.plan({ code: 550, text: 'No such user here' });
    const { opts, pauses } = options();
    expect(await deliverMail(smtpTransport(smtp.uri), id, opts)).toBe('failed');
    expect(pauses).toEqual([]);
    const d = await delivery(id);
    expect(d).toMatchObject({ state: 'ERROR', attempts: 1 });
    expect(d.error).toMatch(/answered 550.*No such user here/);
    expect(smtp.received).toHaveLength(0);
  });

  it('an unreachable server is transient: retried, then ERROR saying it could not be reached', async () => {
    const closed = await startTestSmtp();
    await closed.stop();
    const id = await queue();
    const { opts, pauses } = options([30]);
    expect(await deliverMail(smtpTransport(closed.uri), id, opts)).toBe('failed');
    expect(pauses.map((p) => p.ms)).toEqual([30]);
    const d = await delivery(id);
    expect(d).toMatchObject({ state: 'ERROR', attempts: 2 });
    expect(d.error).toMatch(/Could not reach the SMTP server \(ECONNECTION|ECONNREFUSED/);
  });

  it('duplicate concurrent invocations send the message exactly once', async () => {
    const ids = await Promise.all([queue('a@example.com'), queue('b@example.com')]);
    // A slow server keeps the first claim busy while the duplicates arrive.
    smtp.plan({ accept: true, delayMs: 300 }, { accept: true, delayMs: 300 });
    const runs = ids.flatMap((id) =>
      Array.from({ length: 6 }, () => deliverMail(smtpTransport(smtp.uri), id, options().opts)),
    );
    const outcomes = await Promise.all(runs);
    for (let i = 0; i < ids.length; i++) {
      const mine = outcomes.slice(i * 6, i * 6 + 6);
      expect(mine.filter((o) => o === 'sent')).toHaveLength(1);
      expect(mine.every((o) => o === 'sent' || o === 'busy' || o === 'finished')).toBe(true);
      expect(await delivery(ids[i]!)).toMatchObject({ state: 'SUCCESS', attempts: 1 });
    }
    expect(smtp.received.map((m) => m.to && 'text' in m.to && m.to.text).sort()).toEqual([
      'a@example.com',
      'b@example.com',
    ]);
  });

  it('a claim whose lease lapsed is never sent again: ERROR, interrupted', async () => {
    const id = await queue();
    const stale: MailDelivery<Timestamp> = {
      state: 'PROCESSING',
      attempts: 1,
      startTime: Timestamp.fromMillis(Date.now() - 600_000),
      endTime: null,
      leaseExpireTime: Timestamp.fromMillis(Date.now() - 1000),
      error: null,
      info: null,
    };
    await stack.store.mailDoc(id).update({ delivery: stale });
    const asked = smtp.attempts();
    expect(await deliverMail(smtpTransport(smtp.uri), id, options().opts)).toBe('interrupted');
    expect(await delivery(id)).toMatchObject({
      state: 'ERROR',
      attempts: 1,
      error: INTERRUPTED_MESSAGE,
      leaseExpireTime: null,
    });
    expect(smtp.attempts()).toBe(asked);
    expect(smtp.received).toHaveLength(0);
  });

  it('a live claim makes other invocations stand back (busy)', async () => {
    const id = await queue();
    const held: MailDelivery<Timestamp> = {
      state: 'PROCESSING',
      attempts: 1,
      startTime: Timestamp.now(),
      endTime: null,
      leaseExpireTime: Timestamp.fromMillis(Date.now() + 60_000),
      error: null,
      info: null,
    };
    await stack.store.mailDoc(id).update({ delivery: held });
    expect(await deliverMail(smtpTransport(smtp.uri), id, options().opts)).toBe('busy');
    expect(await delivery(id)).toEqual(held);
  });

  it('documents without recipient or message fail without sending; missing ones are skipped', async () => {
    const id = await queue('');
    expect(await deliverMail(smtpTransport(smtp.uri), id, options().opts)).toBe('failed');
    expect(await delivery(id)).toMatchObject({ state: 'ERROR', error: INVALID_MAIL_MESSAGE });
    // Written by someone else in the extension's schema, without a delivery field: still sent.
    await stack.store.mailDoc('bare-doc').set({
      id: 'bare-doc',
      to: 'bare@example.com',
      message: { subject: 'Bare', text: 'Hi', html: '<p>Hi</p>' },
    });
    expect(await deliverMail(smtpTransport(smtp.uri), 'bare-doc', options().opts)).toBe('sent');
    expect(await deliverMail(smtpTransport(smtp.uri), 'no-such-doc', options().opts)).toBe(
      'missing',
    );
    expect(smtp.received.map((m) => m.subject)).toEqual(['Bare']);
  });

  it('the trigger sends with the SMTP_URI and MAIL_FROM params, and asks for a retry while busy', async () => {
    process.env.SMTP_URI = smtp.uri;
    process.env.MAIL_FROM = FROM;
    const { mailDelivery } = await import('../src/mail/triggers.ts');
    // The handler reads only the document id from the Firestore event.
    const eventFor = (mailId: string) =>
      ({ params: { mailId } }) as unknown as Parameters<typeof mailDelivery.run>[0];
    const id = await queue('trigger@example.com');
    await mailDelivery.run(eventFor(id));
    expect(await delivery(id)).toMatchObject({ state: 'SUCCESS', attempts: 1 });
    expect(smtp.received.map((m) => m.subject)).toHaveLength(1);

    const held = await queue('held@example.com');
    await stack.store.mailDoc(held).update({
      delivery: {
        ...pendingDelivery(),
        state: 'PROCESSING',
        leaseExpireTime: Timestamp.fromMillis(Date.now() + 60_000),
      },
    });
    await expect(mailDelivery.run(eventFor(held))).rejects.toThrow(/being delivered by another/);
    expect(smtp.received).toHaveLength(1);
  });

  it('tells transient SMTP failures from final ones', () => {
    expect(isTransientSmtpError({ responseCode: 421 })).toBe(true);
    expect(isTransientSmtpError({ responseCode: 452 })).toBe(true);
    expect(isTransientSmtpError({ responseCode: 550 })).toBe(false);
    expect(isTransientSmtpError({ responseCode: 535, code: 'EAUTH' })).toBe(false);
    expect(isTransientSmtpError({ code: 'ECONNECTION' })).toBe(true);
    expect(isTransientSmtpError({ code: 'ETIMEDOUT' })).toBe(true);
    expect(isTransientSmtpError({ code: 'EENVELOPE' })).toBe(false);
    expect(isTransientSmtpError(new Error('boom'))).toBe(false);
  });
});
