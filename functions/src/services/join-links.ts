// The event link (docs/product.md, "Event link"): a long random secret admins turn on, share as a
// link or QR code, regenerate (the old one dies at once) or turn off. Whoever signed in opens it
// joins as an attendee, or asks and waits for an admin when "Ask me before people join" is on.
// Only functions read `joinLinks`; the secret never sits where a member could read it.
import { Timestamp, type Transaction } from 'firebase-admin/firestore';
import {
  JOIN_MESSAGES,
  type JoinLinkState,
  type JoinLinkView,
  type JoinResponse,
  type JoinStanding,
} from '@gatherly/domain/guest-access';
import type { JoinLinkUpdate } from '@gatherly/domain/guest-access-schemas';
import { requirePermission } from '../access.ts';
import type { Caller } from '../caller.ts';
import type { JoinLinkRecord } from '../db.ts';
import { store } from '../firebase.ts';
import { conflict, forbidden, notFound } from '../http.ts';
import { appOrigin } from '../mail/params.ts';
import { newSecret } from '../secrets.ts';
import { summaryOf } from '../users.ts';
import { prepareAdmission } from './admission.ts';

export const joinUrlOf = (secret: string) => `${appOrigin()}/join/${secret}`;

const SECRET_SHAPE = /^[A-Za-z0-9_-]{40,64}$/;

function stateOf(link: JoinLinkRecord | undefined): JoinLinkState {
  return link
    ? { url: joinUrlOf(link.id), askBeforeJoin: link.askBeforeJoin }
    : { url: null, askBeforeJoin: false };
}

async function currentLink(tx: Transaction, eventId: string) {
  const found = await tx.get(store().joinLinks.where('eventId', '==', eventId).limit(1));
  return found.docs[0]?.data();
}

function newLink(caller: Caller, eventId: string, askBeforeJoin: boolean): JoinLinkRecord {
  return {
    id: newSecret(),
    eventId,
    askBeforeJoin,
    createdBy: caller.uid,
    createdAt: Timestamp.now(),
  };
}

/** The event link as admins see it. */
export async function joinLinkState(
  tx: Transaction,
  caller: Caller,
  eventId: string,
): Promise<JoinLinkState> {
  await requirePermission(caller, eventId, 'inviteMembers', { tx });
  return stateOf(await currentLink(tx, eventId));
}

/** Turns the link on (a new secret if it was off), off (the secret is gone), or sets approval. */
export async function updateJoinLink(
  tx: Transaction,
  caller: Caller,
  eventId: string,
  update: JoinLinkUpdate,
): Promise<JoinLinkState> {
  await requirePermission(caller, eventId, 'inviteMembers', { tx });
  const link = await currentLink(tx, eventId);
  if (!update.enabled) {
    if (link) tx.delete(store().joinLink(link.id));
    return stateOf(undefined);
  }
  if (!link) {
    const created = newLink(caller, eventId, update.askBeforeJoin);
    tx.create(store().joinLink(created.id), created);
    return stateOf(created);
  }
  tx.update(store().joinLink(link.id), { askBeforeJoin: update.askBeforeJoin });
  return stateOf({ ...link, askBeforeJoin: update.askBeforeJoin });
}

/** A new secret in place of the old one, which stops working with this commit. */
export async function regenerateJoinLink(
  tx: Transaction,
  caller: Caller,
  eventId: string,
): Promise<JoinLinkState> {
  await requirePermission(caller, eventId, 'inviteMembers', { tx });
  const link = await currentLink(tx, eventId);
  if (!link) throw conflict('Turn the event link on first');
  const created = newLink(caller, eventId, link.askBeforeJoin);
  tx.delete(store().joinLink(link.id));
  tx.create(store().joinLink(created.id), created);
  return stateOf(created);
}

/** The link and its live event; anything else is the same "no longer valid" (nothing revealed). */
async function liveLink(secret: string, tx: Transaction | null) {
  if (!SECRET_SHAPE.test(secret)) throw notFound(JOIN_MESSAGES.linkNotFound);
  const s = store();
  const linkSnap = await (tx ? tx.get(s.joinLink(secret)) : s.joinLink(secret).get());
  const link = linkSnap.data();
  if (!link) throw notFound(JOIN_MESSAGES.linkNotFound);
  const eventSnap = await (tx ? tx.get(s.event(link.eventId)) : s.event(link.eventId).get());
  const event = eventSnap.data();
  if (!event || event.deleting) throw notFound(JOIN_MESSAGES.linkNotFound);
  return { link, event };
}

async function standingOf(
  eventId: string,
  uid: string | null,
  tx: Transaction | null,
): Promise<JoinStanding> {
  if (uid === null) return 'none';
  const s = store();
  const memberRef = s.member(eventId, uid);
  const requestRef = s.joinRequests(eventId).doc(uid);
  const [member, request] = tx
    ? await Promise.all([tx.get(memberRef), tx.get(requestRef)])
    : await Promise.all([memberRef.get(), requestRef.get()]);
  if (member.exists) return 'member';
  const status = request.data()?.status;
  return status === 'pending' ? 'requested' : status === 'declined' ? 'declined' : 'none';
}

/** What the link shows before joining (to anyone holding it). */
export async function joinLinkView(
  secret: string,
  viewerUid: string | null,
): Promise<JoinLinkView> {
  const { link, event } = await liveLink(secret, null);
  const standing = await standingOf(link.eventId, viewerUid, null);
  return {
    eventName: event.name,
    eventStartDate: event.startDate,
    eventEndDate: event.endDate,
    eventTimeZone: event.timeZone ?? null,
    eventLocation: event.location,
    askBeforeJoin: link.askBeforeJoin,
    standing,
    ...(standing === 'member' ? { eventId: link.eventId } : {}),
  };
}

/**
 * Joins through the link: at once within the attendee cap, or as a request when approval is
 * on. Repeating it is harmless (a member is told they are in, a request stays one request).
 */
export async function joinByLink(
  tx: Transaction,
  caller: Caller,
  secret: string,
): Promise<JoinResponse> {
  const s = store();
  const { link, event } = await liveLink(secret, tx);
  const { eventId } = link;
  const joined: JoinResponse = { status: 'joined', event: { id: eventId, name: event.name } };
  const standing = await standingOf(eventId, caller.uid, tx);
  if (standing === 'member') return joined;
  if (standing === 'declined') throw forbidden(JOIN_MESSAGES.declined);
  if (link.askBeforeJoin && standing === 'requested') return { status: 'requested' };
  const profile = (await tx.get(s.user(caller.uid))).data();
  const user = summaryOf(caller, profile);
  if (link.askBeforeJoin) {
    tx.create(s.joinRequests(eventId).doc(caller.uid), {
      id: caller.uid,
      eventId,
      userId: caller.uid,
      user,
      status: 'pending',
      requestedAt: Timestamp.now(),
      decidedAt: null,
      decidedBy: null,
    });
    return { status: 'requested' };
  }
  const admission = await prepareAdmission(tx, eventId, event, caller.uid);
  // A request left from while approval was on is settled by joining.
  if (standing === 'requested') tx.delete(s.joinRequests(eventId).doc(caller.uid));
  admission.admit('attendee', user);
  return joined;
}

/** An admin approves (within the cap) or declines a pending request to join. */
export async function decideJoinRequest(
  tx: Transaction,
  caller: Caller,
  eventId: string,
  uid: string,
  approve: boolean,
): Promise<void> {
  const s = store();
  const { event } = await requirePermission(caller, eventId, 'inviteMembers', { tx });
  const ref = s.joinRequests(eventId).doc(uid);
  const [request, member] = await Promise.all([
    tx.get(ref).then((snap) => snap.data()),
    tx.get(s.member(eventId, uid)),
  ]);
  if (!request || request.status !== 'pending') throw notFound(JOIN_MESSAGES.requestNotFound);
  if (member.exists) {
    tx.delete(ref);
    return;
  }
  if (!approve) {
    tx.update(ref, { status: 'declined', decidedAt: Timestamp.now(), decidedBy: caller.uid });
    return;
  }
  const admission = await prepareAdmission(tx, eventId, event, uid, caller.uid);
  tx.delete(ref);
  admission.admit('attendee', request.user);
}
