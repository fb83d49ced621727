// An item's waitlist (docs/product.md, "Plus-ones, questions and waitlists"; docs/decisions.md,
// "Plus-ones, questions and waitlists"): who is next, and the promotion of waiting parties when
// spots free up. Promotion runs inside the transaction that frees the spots (an answer that
// drops heads, a member's removal, a larger capacity), so it is exact under concurrency: the
// line and the counts are read in that transaction, and any concurrent write to them retries it.
import { isLimited } from '@gatherly/domain/groups';
import { FieldPath, type Timestamp, type Transaction } from 'firebase-admin/firestore';
import type { EmailPreferences } from '@gatherly/domain/entities/users';
import { wantsEmail } from '@gatherly/domain/email/preferences';
import { eventUrl, unsubscribeUrl } from '@gatherly/domain/email/links';
import { spotOpenedEmail } from '@gatherly/domain/email/waitlist-email';
import { promotions } from '@gatherly/domain/rsvp-options';
import { eventTimeZone } from '@gatherly/domain/time-zones';
import { readAll } from '../access.ts';
import type {
  EventRecord,
  MemberRecord,
  RsvpRecord,
  RsvpsByUserRecord,
  ScheduleItemRecord,
} from '../db.ts';
import { store } from '../firebase.ts';
import type { LinkContext } from '../mail/params.ts';
import { queuedMail } from '../mail/queue.ts';
import { signUnsubscribeToken } from '../mail/unsubscribe-token.ts';
import { activityEntryId } from './activity.ts';
import { countOf } from '../tiers.ts';
import type { RsvpTally } from '@gatherly/domain/rsvp-counter';
import { movedRsvpCounts } from './stats.ts';

/**
 * Waiting parties read per promotion: every party takes at least one spot, so never more than
 * the spots left; a limit lifted for hundreds promotes in rounds (promoteWaiting).
 */
export const LINE_READ_LIMIT = 50;

/** The heads of a stored RSVP's party (absent: older answers, one head). */
export const headsOf = (rsvp: Pick<RsvpRecord, 'party'> | undefined): number =>
  rsvp?.party?.size ?? 1;

/** The feed's entry for a promotion: one per member and item. */
export const promotionEntryId = (scheduleId: string, uid: string) =>
  activityEntryId('waitlist', `${scheduleId}:${uid}`);

/** The waiting RSVPs of an item in line order (first come, first served; ties by uid). */
const waiting = (eventId: string, scheduleId: string) =>
  store().rsvps(eventId, scheduleId).where('status', '==', 'waitlisted');

/**
 * A waitlisted member's place in line (1 = next): those who joined earlier, counted (two
 * aggregations, whatever the line's length).
 */
export async function waitlistPosition(rsvp: RsvpRecord): Promise<number> {
  const at = rsvp.waitlistedAt;
  if (!at) return 1;
  const line = waiting(rsvp.eventId, rsvp.scheduleId);
  const [earlier, tiedBefore] = await Promise.all([
    countOf(line.where('waitlistedAt', '<', at)),
    countOf(line.where('waitlistedAt', '==', at).where(FieldPath.documentId(), '<', rsvp.userId)),
  ]);
  return earlier + tiedBefore + 1;
}

/** One promoted party with what its writes need, read before the transaction writes. */
export interface Promotion {
  rsvp: RsvpRecord;
  member: MemberRecord | undefined;
  preferences: EmailPreferences | undefined;
}

export interface LineChange {
  eventId: string;
  scheduleId: string;
  capacity: number | null;
  /** The item's counts once this transaction's own change is applied. */
  counts: RsvpTally;
  /**
   * The RSVP this transaction writes or deletes (null), which the line's query cannot see yet:
   * it replaces that member's stored entry.
   */
  own?: { uid: string; rsvp: RsvpRecord | null };
}

/**
 * Who the spots left promote, first come first served (rsvp-options.ts, `promotions`): reads in
 * `tx`, so call it before the transaction's first write. Empty when nobody waits or nothing fits.
 */
export async function planPromotions(tx: Transaction, change: LineChange): Promise<Promotion[]> {
  const { eventId, scheduleId, capacity, counts, own } = change;
  if (counts.waitlisted <= 0) return [];
  const left = capacity === null ? Infinity : capacity - counts.goingHeads;
  if (left <= 0) return [];
  // The member whose own RSVP this transaction changes may be in the stored line: one more.
  const limit = Math.min(LINE_READ_LIMIT, left) + (own ? 1 : 0);
  const snap = await tx.get(
    waiting(eventId, scheduleId)
      .orderBy('waitlistedAt')
      .orderBy(FieldPath.documentId())
      .limit(limit),
  );
  const line: RsvpRecord[] = [];
  for (const doc of snap.docs) {
    const stored = doc.data();
    if (own && stored.userId === own.uid) {
      if (own.rsvp?.status === 'waitlisted') line.push(own.rsvp);
    } else {
      line.push(stored);
    }
  }
  const chosen = promotions(
    line.map((rsvp) => ({ rsvp, size: headsOf(rsvp) })),
    capacity,
    counts.goingHeads,
  ).map((p) => p.rsvp);
  if (chosen.length === 0) return [];
  const uids = chosen.map((r) => r.userId);
  const [members, users] = await Promise.all([
    readAll(
      uids.map((uid) => store().member(eventId, uid)),
      tx,
    ),
    readAll(
      uids.map((uid) => store().user(uid)),
      tx,
    ),
  ]);
  return chosen.map((rsvp, i) => ({
    rsvp,
    member: members[i]?.data(),
    preferences: users[i]?.data()?.emailPreferences,
  }));
}

/** Reads the rsvpsByUser maps of promoted members not read yet (before any write of `tx`). */
export async function readAnswerMaps(
  tx: Transaction,
  eventId: string,
  uids: readonly string[],
  into: Map<string, RsvpsByUserRecord | undefined>,
): Promise<void> {
  const missing = [...new Set(uids)].filter((uid) => !into.has(uid));
  const snaps = await readAll(
    missing.map((uid) => store().rsvpsByUser(eventId).doc(uid)),
    tx,
  );
  snaps.forEach((snap, i) => into.set(missing[i] as string, snap.data()));
}

export interface PromotionWrites {
  eventId: string;
  event: EventRecord;
  scheduleId: string;
  item: ScheduleItemRecord;
  promoted: readonly Promotion[];
  /** Each member's answer map as this transaction will leave it (updated here, written later). */
  maps: Map<string, RsvpsByUserRecord | undefined>;
  now: Timestamp;
  /** E-mail links; asked only when an e-mail is queued. */
  links: () => LinkContext;
}

/**
 * The writes of promotions planned by planPromotions: each RSVP becomes Going (its party and
 * first answer time kept), the member's answer map follows (written by the caller, once per
 * member), a `mail` document tells them (unless they turned reminders off), and the feed says
 * so while guests may see who's going. Returns the counts after the promotions.
 */
export function applyPromotions(tx: Transaction, counts: RsvpTally, w: PromotionWrites): RsvpTally {
  const s = store();
  let out = counts;
  // A limited item's lines stay out of the feed every member reads (groups-activity.ts).
  const feedVisible = w.event.guestsSeeWhoIsGoing !== false && !isLimited(w.item);
  for (const { rsvp, member, preferences } of w.promoted) {
    const uid = rsvp.userId;
    const heads = headsOf(rsvp);
    out = movedRsvpCounts(out, { state: 'waitlisted', heads }, { state: 'going', heads });
    tx.set(s.rsvps(w.eventId, w.scheduleId).doc(uid), {
      ...rsvp,
      status: 'going',
      waitlistedAt: null,
    });
    const map = w.maps.get(uid);
    if (map) w.maps.set(uid, { ...map, statuses: { ...map.statuses, [w.scheduleId]: 'going' } });
    if (!member) continue;
    const email = member.user.email.trim();
    if (email !== '' && wantsEmail(preferences, 'reminders')) {
      const links = w.links();
      const message = spotOpenedEmail({
        recipientName: member.user.displayName,
        eventName: w.event.name,
        itemTitle: w.item.title,
        startTime: w.item.startTime,
        endTime: w.item.endTime,
        location: w.item.location,
        timeZone: eventTimeZone(w.event),
        partySize: heads,
        eventUrl: eventUrl(links.origin, w.eventId),
        unsubscribeUrl: unsubscribeUrl(
          links.origin,
          signUnsubscribeToken(links.linkSecret, uid, 'reminders'),
        ),
      });
      const mailRef = s.mail.doc();
      tx.create(mailRef, queuedMail(mailRef.id, email, message));
    }
    if (feedVisible) {
      const id = promotionEntryId(w.scheduleId, uid);
      const actor = { displayName: member.user.displayName, photoURL: member.user.photoURL };
      tx.set(s.activity(w.eventId).doc(id), {
        id,
        kind: 'waitlist',
        actor,
        subjectId: `${w.scheduleId}:${uid}`,
        title: `${member.user.displayName || 'A guest'} got a spot for ${w.item.title}`,
        at: w.now,
      });
    }
  }
  return out;
}

/** Writes the answer maps a transaction changed (promoted members' and the answerer's). */
export function writeAnswerMaps(
  tx: Transaction,
  eventId: string,
  maps: ReadonlyMap<string, RsvpsByUserRecord | undefined>,
  changed: ReadonlySet<string>,
): void {
  for (const uid of changed) {
    const map = maps.get(uid);
    if (map) tx.set(store().rsvpsByUser(eventId).doc(uid), map);
  }
}

/** The uids of promotions, for readAnswerMaps / writeAnswerMaps. */
export const promotedUids = (promoted: readonly Promotion[]) => promoted.map((p) => p.rsvp.userId);
