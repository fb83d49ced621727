/**
 * Queuing e-mail: a `mail` document per message, PENDING until the delivery function
 * (services/mail-delivery.ts) picks it up. Documents whose id is derived from what they are
 * about (a reminder, an announcement's copy) are created with `create()`, so writing one twice
 * fails harmlessly: that is what makes reminders and announcements idempotent.
 */
import type { DocumentReference, Timestamp } from 'firebase-admin/firestore';
import type { MailDelivery, MailMessage } from '@gatherly/domain/entities/mail';
import type { MailRecord } from '../db.ts';
import { store } from '../firebase.ts';

export function pendingDelivery(): MailDelivery<Timestamp> {
  return {
    state: 'PENDING',
    attempts: 0,
    startTime: null,
    endTime: null,
    leaseExpireTime: null,
    error: null,
    info: null,
  };
}

/** A new mail document (the converter stores everything but the id, which is the document's). */
export function queuedMail(id: string, to: string, message: MailMessage): MailRecord {
  return { id, to, message, delivery: pendingDelivery() };
}

const ALREADY_EXISTS = 6;

export interface CreateResult {
  created: number;
  /** Documents that were there already (an earlier or overlapping run wrote them). */
  existing: number;
}

export interface QueuedMail {
  ref: DocumentReference<MailRecord, Omit<MailRecord, 'id'>>;
  data: MailRecord;
}

/**
 * Creates each document unless it exists, in bulk (BulkWriter batches and paces the writes).
 * Other write failures are retried by the writer and then thrown.
 */
export async function createEach(docs: readonly QueuedMail[]): Promise<CreateResult> {
  const writer = store().firestore.bulkWriter();
  let existing = 0;
  writer.onWriteError((error) => {
    if (error.code === ALREADY_EXISTS) {
      existing += 1;
      return false;
    }
    return error.failedAttempts < 5;
  });
  const failures: unknown[] = [];
  const writes = docs.map((d) =>
    writer.create(d.ref, d.data).catch((err: unknown) => {
      if ((err as { code?: unknown }).code !== ALREADY_EXISTS) failures.push(err);
    }),
  );
  await writer.close();
  await Promise.all(writes);
  if (failures.length > 0) throw failures[0];
  return { created: docs.length - existing - failures.length, existing };
}
