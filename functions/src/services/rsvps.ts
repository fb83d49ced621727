// RSVPs: a member's own answer (with their party and answers to the host's questions), the
// answers a host records for a guest, the caller's own answer with their place in line, and the
// answers a leaving member takes with them (docs/product.md, "Schedule and RSVPs", "Guest list",
// "Plus-ones, questions and waitlists"). Every answer moves the item's counts and may promote
// from the waitlist in the same transaction (waitlist.ts).
import { GROUP_MESSAGES, isLimited, seesItem } from '@gatherly/domain/groups';
import type { MyRsvpResponse } from '@gatherly/domain/api/responses';
import { Timestamp, type Transaction } from 'firebase-admin/firestore';
import { recordedAnswerText } from '@gatherly/domain/activity';
import type { RsvpTally } from '@gatherly/domain/rsvp-counter';
import {
  allowanceFor,
  checkAnswers,
  partyError,
  placeGoing,
  type GuestAnswers,
  type Party,
  type PlusOne,
  type RsvpState,
  type RsvpStatus,
} from '@gatherly/domain/rsvp-options';
import { isMemberRole } from '@gatherly/domain/roles';
import {
  MEMBER_NOT_FOUND,
  readAll,
  requireMember,
  requirePermission,
  type Located,
} from '../access.ts';
import type { Caller } from '../caller.ts';
import type { EventRecord, MemberRecord, RsvpRecord, RsvpsByUserRecord } from '../db.ts';
import { store } from '../firebase.ts';
import { badRequest, conflict, notFound } from '../http.ts';
import type { LinkContext } from '../mail/params.ts';
import { isRsvpState, recordedAnswerEntryId, SCHEDULE_ITEM_NOT_FOUND } from './schedule.ts';
import { readItemCounts, writeItemCounts, type ItemCounts } from './rsvp-count.ts';
import { movedRsvpCounts } from './stats.ts';
import {
  applyPromotions,
  headsOf,
  planPromotions,
  promotedUids,
  promotionEntryId,
  readAnswerMaps,
  waitlistPosition,
  writeAnswerMaps,
  type Promotion,
} from './waitlist.ts';

export const HOSTS_RECORD_NO_ANSWERS =
  "Answers to the host's questions are the guest's own: record only the RSVP and the party";

/** An RSVP as a request sends it (rsvpSchema): the answer, a Going party's guests, answers. */
export interface RsvpInput {
  status: RsvpStatus;
  guests?: PlusOne[] | undefined;
  answers?: GuestAnswers | undefined;
  /** Wait when too few spots are left for the party, instead of a 409. */
  waitlist?: boolean | undefined;
}

/**
 * A member's own answer to a located schedule item (the rules refuse direct RSVP writes).
 * Unknown ids and items of other people's events answer the same 404. Answering yourself
 * clears "recorded by the host".
 */
export async function setRsvp(
  tx: Transaction,
  caller: Caller,
  { eventId, id: scheduleId }: Located,
  input: RsvpInput,
  links: () => LinkContext,
): Promise<RsvpRecord> {
  const { member, event } = await requirePermission(caller, eventId, 'rsvp', {
    tx,
    notFound: SCHEDULE_ITEM_NOT_FOUND,
  });
  return writeAnswer(tx, { eventId, scheduleId, event, member, input, recordedBy: null, links });
}

/**
 * An admin records a guest's answer (said in person, by phone): the same documents as the
 * guest's own answer, marked with who recorded it; the guest can still change it
 * (docs/product.md, "Guest list"). The guest's allowance applies to the party; answers to the
 * host's questions are the guest's own and never recorded.
 */
export async function recordRsvp(
  tx: Transaction,
  caller: Caller,
  { eventId, id: scheduleId }: Located,
  targetId: string,
  input: RsvpInput,
  links: () => LinkContext,
): Promise<RsvpRecord> {
  const { member: host, event } = await requirePermission(caller, eventId, 'recordRsvps', {
    tx,
    notFound: SCHEDULE_ITEM_NOT_FOUND,
  });
  const target = (await tx.get(store().member(eventId, targetId))).data();
  if (!target || !isMemberRole(target.role)) throw notFound(MEMBER_NOT_FOUND);
  if (input.answers !== undefined) throw badRequest(HOSTS_RECORD_NO_ANSWERS);
  const recordedBy = targetId === caller.uid ? null : host;
  return writeAnswer(tx, {
    eventId,
    scheduleId,
    event,
    member: target,
    input: { ...input, answers: undefined },
    recordedBy,
    links,
    hostRecorded: true,
  });
}

interface Answer {
  eventId: string;
  scheduleId: string;
  event: EventRecord;
  /** Whose answer it is. */
  member: MemberRecord;
  input: RsvpInput;
  /** The admin who records it for the member; null when the member answers. */
  recordedBy: MemberRecord | null;
  links: () => LinkContext;
  /** Through the host's route: the host's questions are not asked. */
  hostRecorded?: boolean;
}

/**
 * The one write of an answer, in `tx`: the RSVP document (the source of truth) with its party
 * and place (Going, or the waitlist when the item is full: `placeGoing`), the item's counts
 * moved from the previous answer (replies and heads; rsvp-count.ts), the member's `rsvpsByUser`
 * map (answers to deleted items are dropped here), their answers to the host's questions, and
 * the promotions the freed spots allow. A recorded answer also gets its line in the activity
 * feed (docs/product.md, "Guest list"). Every read comes before the first write.
 */
async function writeAnswer(tx: Transaction, answer: Answer): Promise<RsvpRecord> {
  const { eventId, scheduleId, event, member, input, recordedBy } = answer;
  const s = store();
  const uid = member.userId;
  const itemRef = s.schedule(eventId).doc(scheduleId);
  const rsvpRef = s.rsvps(eventId, scheduleId).doc(uid);
  const byUserRef = s.rsvpsByUser(eventId).doc(uid);
  const answersRef = s.guestAnswers(eventId).doc(uid);
  const asksQuestions = !answer.hostRecorded && input.status === 'going';
  const [itemSnap, rsvpSnap, byUserSnap, answersSnap] = await Promise.all([
    tx.get(itemRef),
    tx.get(rsvpRef),
    tx.get(byUserRef),
    asksQuestions || input.answers !== undefined ? tx.get(answersRef) : Promise.resolve(null),
  ]);
  const item = itemSnap.data();
  // An item limited to groups does not exist for members outside them (the rules agree), and a
  // host cannot record an answer for one (docs/product.md, "Guest groups").
  if (!item || (!answer.hostRecorded && !seesItem(member, item))) {
    throw notFound(SCHEDULE_ITEM_NOT_FOUND);
  }
  if (!seesItem(member, item)) throw conflict(GROUP_MESSAGES.notInItemGroups);

  // The party: the member plus named guests, within their allowance; guests only when Going.
  const guests = input.status === 'going' ? (input.guests ?? []) : [];
  const tooMany = partyError(guests, allowanceFor(event, member));
  if (tooMany) throw badRequest(tooMany);
  const party: Party = { size: 1 + guests.length, guests };

  // The host's questions: every required one on the member's first Going (no answers yet).
  let cleanAnswers: GuestAnswers | null = null;
  const questions = event.questions ?? [];
  const firstGoing = asksQuestions && !answersSnap?.exists;
  if (input.answers !== undefined || (firstGoing && questions.some((q) => q.required))) {
    const checked = checkAnswers(questions, input.answers ?? {}, firstGoing);
    if ('error' in checked) throw badRequest(checked.error);
    if (input.answers !== undefined) cleanAnswers = checked.answers;
  }

  // The exact counts: the item's base and its shards (rsvp-count.ts).
  const read = await readItemCounts(tx, eventId, scheduleId, item);
  const counts = read.counts;
  const stored = rsvpSnap.data();
  const previousState = isRsvpState(stored?.status) ? stored.status : null;
  const previous = previousState ? { state: previousState, heads: headsOf(stored) } : null;
  const capacity = item.capacity ?? null;

  let state: RsvpState = input.status;
  if (input.status === 'going') {
    const placed = placeGoing({
      capacity,
      goingHeads: counts.goingHeads,
      waitlisted: counts.waitlisted,
      ownHeads: previousState === 'going' ? headsOf(stored) : 0,
      party: party.size,
      alreadyWaitlisted: previousState === 'waitlisted',
      acceptWaitlist: input.waitlist === true,
    });
    if ('refused' in placed) throw conflict(placed.refused);
    state = placed.place;
  }

  const now = Timestamp.now();
  let rsvp: RsvpRecord = {
    id: uid,
    eventId,
    scheduleId,
    userId: uid,
    status: state,
    respondedAt: now,
    ...(state === 'going' || state === 'waitlisted' ? { party } : {}),
    // The line keeps its order: a waitlisted member re-sending Going keeps their time.
    waitlistedAt:
      state === 'waitlisted'
        ? previousState === 'waitlisted' && stored?.waitlistedAt
          ? stored.waitlistedAt
          : now
        : null,
    recordedBy: recordedBy?.userId ?? null,
    // The guest list counts a group's answers from these (followMemberGroups keeps them).
    groupIds: member.groupIds ?? [],
  };
  let after = movedRsvpCounts(counts, previous, { state, heads: headsOf(rsvp) });

  // Spots this answer frees (or the head of the line leaving it) go to those waiting.
  const planned = await planPromotions(tx, {
    eventId,
    scheduleId,
    capacity,
    counts: after,
    own: { uid, rsvp },
  });
  // The answerer themself can be the head of the line (a smaller party that now fits).
  const self = planned.find((p) => p.rsvp.userId === uid);
  if (self) {
    const heads = headsOf(rsvp);
    after = movedRsvpCounts(after, { state, heads }, { state: 'going', heads });
    state = 'going';
    rsvp = { ...rsvp, status: 'going', waitlistedAt: null };
  }
  const promoted: Promotion[] = planned.filter((p) => p.rsvp.userId !== uid);
  const maps = new Map<string, RsvpsByUserRecord | undefined>([[uid, byUserSnap.data()]]);
  await readAnswerMaps(tx, eventId, promotedUids(promoted), maps);

  const before = byUserSnap.data();
  const statuses = { ...before?.statuses };
  const parties = { ...before?.parties };
  const respondedAt = { ...before?.respondedAt };
  const recorded = { ...before?.recordedBy };
  const others = Object.keys(statuses).filter((id) => id !== scheduleId);
  const otherItems = await readAll(
    others.map((id) => s.schedule(eventId).doc(id)),
    tx,
  );
  for (const snap of otherItems) {
    if (snap.exists) continue;
    delete statuses[snap.id];
    delete parties[snap.id];
    delete respondedAt[snap.id];
    delete recorded[snap.id];
  }
  statuses[scheduleId] = state;
  if (rsvp.party) parties[scheduleId] = rsvp.party;
  else delete parties[scheduleId];
  respondedAt[scheduleId] = now;
  if (recordedBy) recorded[scheduleId] = recordedBy.userId;
  else delete recorded[scheduleId];
  maps.set(uid, {
    id: uid,
    eventId,
    userId: uid,
    user: summary(member),
    statuses,
    parties,
    respondedAt,
    recordedBy: recorded,
  });

  // Writes.
  tx.set(rsvpRef, rsvp);
  after = applyPromotions(tx, after, {
    eventId,
    event,
    scheduleId,
    item,
    promoted,
    maps,
    now,
    links: answer.links,
  });
  writeItemCounts(tx, read, after);
  writeAnswerMaps(tx, eventId, maps, new Set([uid, ...promotedUids(promoted)]));
  if (cleanAnswers) {
    tx.set(answersRef, { id: uid, eventId, userId: uid, answers: cleanAnswers, updatedAt: now });
  }
  // A limited item's lines stay out of the feed every member reads (docs/decisions.md).
  if (recordedBy && !isLimited(item)) {
    const host = summary(recordedBy);
    tx.set(s.activity(eventId).doc(recordedAnswerEntryId(scheduleId, uid)), {
      id: recordedAnswerEntryId(scheduleId, uid),
      kind: 'rsvp',
      actor: host,
      subjectId: `${scheduleId}:${uid}`,
      title: recordedAnswerText(host, summary(member), item.title),
      at: now,
    });
  }
  return rsvp;
}

const summary = (m: MemberRecord) => ({
  displayName: m.user.displayName,
  photoURL: m.user.photoURL,
});

/** GET /api/events/{e}/schedule/{s}/rsvp: the caller's own answer, party and place in line. */
export async function myRsvp(
  caller: Caller,
  { eventId, id: scheduleId }: Located,
): Promise<MyRsvpResponse> {
  const { member } = await requireMember(caller, eventId, { notFound: SCHEDULE_ITEM_NOT_FOUND });
  const [itemSnap, rsvpSnap] = await Promise.all([
    store().schedule(eventId).doc(scheduleId).get(),
    store().rsvps(eventId, scheduleId).doc(caller.uid).get(),
  ]);
  const item = itemSnap.data();
  if (!item || !seesItem(member, item)) throw notFound(SCHEDULE_ITEM_NOT_FOUND);
  const rsvp = rsvpSnap.data();
  if (!rsvp || !isRsvpState(rsvp.status)) {
    return { status: null, party: null, waitlistPosition: null };
  }
  return {
    status: rsvp.status,
    party: rsvp.party ?? (rsvp.status === 'going' ? { size: 1, guests: [] } : null),
    waitlistPosition: rsvp.status === 'waitlisted' ? await waitlistPosition(rsvp) : null,
  };
}

/**
 * A member leaves: their answers stop counting, and the spots their parties held go to those
 * waiting. Reads in `tx` (call before its writes); returns the writes to apply. Items from
 * before the counters keep no stored counts to move: their RSVP document goes and the next
 * answer counts them.
 */
export async function forgetAnswers(
  tx: Transaction,
  eventId: string,
  uid: string,
  links: () => LinkContext,
): Promise<() => void> {
  const s = store();
  const byUserRef = s.rsvpsByUser(eventId).doc(uid);
  const answers = (await tx.get(byUserRef)).data();
  const event = (await tx.get(s.event(eventId))).data();
  const ids = Object.keys(answers?.statuses ?? {});
  const items = await readAll(
    ids.map((id) => s.schedule(eventId).doc(id)),
    tx,
  );
  const rsvps = await readAll(
    ids.map((id) => s.rsvps(eventId, id).doc(uid)),
    tx,
  );
  const plans: { index: number; read: ItemCounts; counts: RsvpTally; promoted: Promotion[] }[] = [];
  const maps = new Map<string, RsvpsByUserRecord | undefined>();
  for (const [index, snap] of items.entries()) {
    const item = snap.data();
    const stored = rsvps[index]?.data();
    if (!item || !stored || !item.rsvpCounts || !isRsvpState(stored.status)) continue;
    const read = await readItemCounts(tx, eventId, snap.id, item);
    const counts = movedRsvpCounts(
      read.counts,
      { state: stored.status, heads: headsOf(stored) },
      null,
    );
    const promoted = event
      ? await planPromotions(tx, {
          eventId,
          scheduleId: snap.id,
          capacity: item.capacity ?? null,
          counts,
          own: { uid, rsvp: null },
        })
      : [];
    await readAnswerMaps(tx, eventId, promotedUids(promoted), maps);
    plans.push({ index, read, counts, promoted });
  }
  return () => {
    const now = Timestamp.now();
    const changed = new Set<string>();
    for (const { index, read, counts, promoted } of plans) {
      const snap = items[index];
      const item = snap?.data();
      if (!snap || !item) continue;
      const after = event
        ? applyPromotions(tx, counts, {
            eventId,
            event,
            scheduleId: snap.id,
            item,
            promoted,
            maps,
            now,
            links,
          })
        : counts;
      for (const id of promotedUids(promoted)) changed.add(id);
      writeItemCounts(tx, read, after);
    }
    items.forEach((snap, i) => {
      if (rsvps[i]?.exists) tx.delete(s.rsvps(eventId, snap.id).doc(uid));
    });
    changed.delete(uid);
    writeAnswerMaps(tx, eventId, maps, changed);
    for (const id of ids) {
      tx.delete(s.activity(eventId).doc(recordedAnswerEntryId(id, uid)));
      tx.delete(s.activity(eventId).doc(promotionEntryId(id, uid)));
    }
    if (answers) tx.delete(byUserRef);
    tx.delete(s.guestAnswers(eventId).doc(uid));
  };
}
