// Letting one person into an event (an accepted invitation, the event link, an approved request):
// the attendee cap of the creator's plan, checked and counted in the transaction that adds them,
// so concurrent joins at the cap never overshoot (docs/performance.md, "Counters").
import { Timestamp, type Transaction } from 'firebase-admin/firestore';
import type { UserSummary } from '@gatherly/domain/entities/common';
import type { InvitableRole } from '@gatherly/domain/entities/members';
import { memberSearchTokens } from '@gatherly/domain/search';
import type { EventRecord } from '../db.ts';
import { store } from '../firebase.ts';
import { requireEventWithin, tierOfUser } from '../tiers.ts';
import { requireAccountOpen } from './account-guard.ts';
import { readMemberStats, writeMemberStats } from './stats.ts';

/**
 * Reads what admitting `uid` needs (call before the writes of `tx`); `admit` then writes. An
 * account being deleted joins nothing (services/account-guard.ts). `callerUid`: who asked (the
 * joiner, or the admin approving), told the creator's plan only if it is theirs.
 */
export async function prepareAdmission(
  tx: Transaction,
  eventId: string,
  event: EventRecord,
  uid: string,
  callerUid = uid,
) {
  await requireAccountOpen(tx, uid);
  const tier = await tierOfUser(event.createdBy, tx);
  const stats = await readMemberStats(tx, eventId);
  requireEventWithin(
    stats.total,
    tier.maxAttendeesPerEvent,
    { what: 'attendees per event', more: 'more attendees' },
    tier,
    callerUid === event.createdBy,
  );
  return {
    /** `groupIds`: the guest groups they join (an invitation's). */
    admit(
      role: InvitableRole,
      user: UserSummary,
      now = Timestamp.now(),
      groupIds: readonly string[] = [],
    ): void {
      tx.create(store().member(eventId, uid), {
        id: uid,
        eventId,
        userId: uid,
        role,
        joinedAt: now,
        user,
        searchTokens: memberSearchTokens(user.displayName, user.email),
        ...(groupIds.length > 0 ? { groupIds: [...groupIds] } : {}),
      });
      writeMemberStats(tx, eventId, stats, { add: role });
    },
  };
}
