// While an account is being deleted (services/account-deletion.ts) nothing may be added to it:
// the operations that would give the person a new event or membership read the job in their
// transaction, so a deletion's steps cannot miss what they write.
import type { Transaction } from 'firebase-admin/firestore';
import { ACCOUNT_DELETION_MESSAGES } from '@gatherly/domain/account-deletion';
import { store } from '../firebase.ts';
import { conflict } from '../http.ts';

/** Whether the person's account is being deleted; a read, so call before the writes of `tx`. */
export async function deletionRunning(tx: Transaction, uid: string): Promise<boolean> {
  return (await tx.get(store().accountDeletion(uid))).data()?.status === 'running';
}

/** Refuses (409) what would add to an account being deleted: creating or joining an event. */
export async function requireAccountOpen(tx: Transaction, uid: string): Promise<void> {
  if (await deletionRunning(tx, uid)) throw conflict(ACCOUNT_DELETION_MESSAGES.underWay);
}
