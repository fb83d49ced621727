// The steps of deleting an account (docs/data-model.md, "Deleting an account"). Each finds what
// is still there with a query on the person's uid (across every event, current and past) and
// deletes or moves it in transactions that keep the remaining events' counters exact, so every
// step is idempotent: a run that failed part-way is finished by running again.
import {
  FieldValue,
  Timestamp,
  type DocumentReference,
  type Query,
} from 'firebase-admin/firestore';
import {
  ACCOUNT_DELETION_MESSAGES,
  FORMER_MEMBER,
  type EventChoice,
} from '@gatherly/domain/account-deletion';
import { photoBatchSubject, recordedAnswerText } from '@gatherly/domain/activity';
import { isMemberRole } from '@gatherly/domain/roles';
import { memberIdsOf } from '@gatherly/domain/seating';
import { GALLERY_FOLDERS, galleryFolder, uploadFolder } from '@gatherly/domain/upload';
import { readAll } from '../access.ts';
import type { PhotoRecord } from '../db.ts';
import { auth, bucket, db, store } from '../firebase.ts';
import { conflict } from '../http.ts';
import { countOf } from '../tiers.ts';
import type { LinkContext } from '../mail/params.ts';
import { deleteObject, deletePrefix } from '../storage.ts';
import { activityEntry, activityEntryId } from './activity.ts';
import { deleteEventData } from './events.ts';
import { leaveEvent } from './members.ts';
import {
  movedRsvpCounts,
  readMemberStats,
  readTravelStats,
  writeMemberStats,
  writeTravelStats,
} from './stats.ts';
import { withPhotoCountChange } from './photo-count.ts';
import { foldVoteCount } from './votes.ts';
import { readItemCounts, writeItemCounts } from './rsvp-count.ts';
import { headsOf } from './waitlist.ts';

/** Documents handled per transaction (well under Firestore's 500 writes per commit). */
const CHUNK = 100;

/** Whose account is deleted, and how e-mails the steps cause (a freed spot) build their links. */
export interface Person {
  uid: string;
  email: string;
  links: () => LinkContext;
}

const eventOf = (ref: { path: string }): string => {
  // events/{e}/<collection>/{id}[/<collection>/{id}]: the event is the second segment.
  const [, eventId] = ref.path.split('/');
  return eventId ?? '';
};

/** Runs `each` on pages of `query` until it is empty: every page is deleted, so no cursor. */
async function drain<T>(
  query: Query<T>,
  each: (docs: { ref: DocumentReference<T>; data: T }[]) => Promise<void>,
): Promise<void> {
  for (;;) {
    const snap = await query.limit(CHUNK).get();
    if (snap.empty) return;
    await each(snap.docs.map((d) => ({ ref: d.ref, data: d.data() })));
  }
}

function byEvent<T>(docs: { ref: DocumentReference<T>; data: T }[]) {
  const out = new Map<string, { ref: DocumentReference<T>; data: T }[]>();
  for (const doc of docs) {
    const eventId = eventOf(doc.ref);
    out.set(eventId, [...(out.get(eventId) ?? []), doc]);
  }
  return out;
}

// ---- Events they created ------------------------------------------------------------------------

/**
 * Hands an event over to one of its admins: the admin becomes its creator (its limits follow
 * their plan from now on), the person an attendee for the steps that follow, both audited in
 * `roleChanges`. Nothing to do when it was handed over already or is gone.
 */
async function transferEvent(uid: string, eventId: string, toUserId: string): Promise<void> {
  const s = store();
  await db().runTransaction(async (tx) => {
    const [eventSnap, targetSnap, ownSnap] = await Promise.all([
      tx.get(s.event(eventId)),
      tx.get(s.member(eventId, toUserId)),
      tx.get(s.member(eventId, uid)),
    ]);
    const event = eventSnap.data();
    if (!event || event.createdBy !== uid || event.deleting) return;
    const target = targetSnap.data();
    if (!target || target.role !== 'admin') {
      throw conflict(ACCOUNT_DELETION_MESSAGES.notAnAdmin(event.name));
    }
    const own = ownSnap.data();
    const stats = await readMemberStats(tx, eventId);
    tx.update(s.event(eventId), { createdBy: toUserId, adminId: toUserId });
    tx.update(s.member(eventId, toUserId), { role: 'creator' });
    const changeRef = s.roleChanges(eventId).doc();
    tx.create(changeRef, {
      id: changeRef.id,
      eventId,
      changedUserId: toUserId,
      changedByUserId: uid,
      oldRole: 'admin',
      newRole: 'creator',
      changedAt: Timestamp.now(),
      changedUser: { displayName: target.user.displayName },
      changedBy: { displayName: FORMER_MEMBER.displayName },
    });
    // The admin takes the creator's place; the person stays, as an attendee, until they leave.
    const next = { ...stats, admin: Math.max(0, stats.admin - 1) };
    if (own?.role === 'creator') {
      tx.update(s.member(eventId, uid), { role: 'attendee' });
      next.attendee += 1;
    } else {
      next.creator += 1;
    }
    writeMemberStats(tx, eventId, next, {});
  });
}

/** Marks an event they created `deleting` and runs the event cascade (as DELETE /api/events). */
async function deleteOwnEvent(uid: string, eventId: string): Promise<void> {
  const ref = store().event(eventId);
  const mine = await db().runTransaction(async (tx) => {
    const event = (await tx.get(ref)).data();
    if (!event || event.createdBy !== uid) return false;
    if (!event.deleting) tx.update(ref, { deleting: true });
    return true;
  });
  if (mine) await deleteEventData(eventId);
}

/**
 * Every event the person created: handed over or deleted as they chose. An event with no choice
 * (created after they chose, which the guard prevents) stops the run with the sentence to show.
 */
export async function settleCreatedEvents(uid: string, choices: EventChoice[]): Promise<void> {
  for (const choice of choices) {
    if (choice.action === 'transfer') await transferEvent(uid, choice.eventId, choice.toUserId);
    else await deleteOwnEvent(uid, choice.eventId);
  }
  const left = await store().events.where('createdBy', '==', uid).get();
  for (const doc of left.docs) {
    const event = doc.data();
    // A delete of their own that failed before: finish it.
    if (event.deleting) await deleteEventData(doc.id);
    else throw conflict(ACCOUNT_DELETION_MESSAGES.chooseEvery(event.name));
  }
}

// ---- Memberships --------------------------------------------------------------------------------

/**
 * Leaves every event as a member removal does (seats freed, answers out of the counts, spots to
 * the waitlist, member counts) and sweeps their upload folders there once no upload can land.
 * Returns the events they were in.
 */
export async function leaveEvents(person: Person): Promise<string[]> {
  const s = store();
  const events: string[] = [];
  await drain(s.groups.members().where('userId', '==', person.uid), async (docs) => {
    for (const { ref } of docs) {
      const eventId = eventOf(ref);
      events.push(eventId);
      await db().runTransaction(async (tx) => {
        const [member, event] = await Promise.all([
          tx.get(s.member(eventId, person.uid)),
          tx.get(s.event(eventId)),
        ]);
        const record = member.data();
        if (!record) return;
        const gone = !event.exists || event.data()?.deleting === true;
        if (record.role === 'creator' && !gone) {
          throw conflict(ACCOUNT_DELETION_MESSAGES.chooseEvery(event.data()?.name ?? ''));
        }
        // An event being deleted by its creator: its cascade takes the rest.
        if (gone || !isMemberRole(record.role)) tx.delete(ref);
        else await leaveEvent(tx, eventId, record, person.links);
        tx.delete(s.activity(eventId).doc(activityEntryId('member', person.uid)));
      });
      await unseat(eventId, person.uid);
      await sweepUploads(eventId, person.uid);
    }
  });
  return events;
}

/**
 * Takes them and their party's named guests off every seating chart of the event: a removed
 * member stays on the chart, flagged, for the host (services/seating.ts), but a deleted account
 * leaves no name behind. One transaction per chart (its tables are at most MAX_TABLES).
 */
async function unseat(eventId: string, uid: string): Promise<void> {
  const s = store();
  const charts = await s.seatingCharts(eventId).select().get();
  for (const chart of charts.docs) {
    const tables = s.seatingTables(eventId, chart.id);
    const placement = s.seatingPlacements(eventId, chart.id).doc(uid);
    await db().runTransaction(async (tx) => {
      const seatedAt = await tx.get(tables.where('memberIds', 'array-contains', uid));
      for (const table of seatedAt.docs) {
        const people = table.data().people.filter((p) => p.userId !== uid);
        tx.update(table.ref, {
          people,
          memberIds: memberIdsOf(people),
          updatedAt: FieldValue.serverTimestamp(),
        });
      }
      tx.delete(placement);
    });
  }
}

/** Whether a seating chart of the event still names them. */
async function seatedIn(eventId: string, uid: string): Promise<boolean> {
  const s = store();
  const charts = await s.seatingCharts(eventId).select().get();
  for (const chart of charts.docs) {
    const [tables, placement] = await Promise.all([
      countOf(s.seatingTables(eventId, chart.id).where('memberIds', 'array-contains', uid)),
      s.seatingPlacements(eventId, chart.id).doc(uid).get(),
    ]);
    if (tables > 0 || placement.exists) return true;
  }
  return false;
}

/**
 * Their folders in one event: the gallery's (recorded photos) and the upload folders (anything
 * never recorded; docs/data-model.md, "Storage").
 */
function foldersOf(eventId: string, uid: string): string[] {
  return GALLERY_FOLDERS.flatMap((kind) => [
    galleryFolder(eventId, kind, uid),
    uploadFolder(eventId, kind, uid),
  ]);
}

/** Empties their folders in one event. */
export async function sweepUploads(eventId: string, uid: string): Promise<void> {
  for (const folder of foldersOf(eventId, uid)) await deletePrefix(folder);
}

/** Whether anything is left in their folders of `eventId`. */
export async function uploadsLeft(eventId: string, uid: string): Promise<boolean> {
  for (const folder of foldersOf(eventId, uid)) {
    const [files] = await bucket().getFiles({ prefix: folder, maxResults: 1, autoPaginate: false });
    if (files.length > 0) return true;
  }
  return false;
}

// ---- Photos and votes ---------------------------------------------------------------------------

/**
 * Deletes every photo they uploaded: files and votes first (as DELETE /api/photos/{p}), then per
 * event one transaction per page takes out the records, votes cast meanwhile, their upload
 * batches' feed lines (every photo of a batch is theirs) and the photo counters.
 */
export async function deletePhotos(uid: string): Promise<string[]> {
  const s = store();
  const events = new Set<string>();
  await drain(s.groups.photos().where('uploadedBy', '==', uid), async (docs) => {
    for (const [eventId, photos] of byEvent(docs)) {
      events.add(eventId);
      for (const { data: photo } of photos) {
        await Promise.all([
          deleteObject(photo.objectPath),
          photo.thumbPath ? deleteObject(photo.thumbPath) : null,
        ]);
        await db().recursiveDelete(s.votes(eventId, photo.id));
      }
      const expected = {
        total: photos.length,
        featured: photos.filter((p) => p.data.isFeatured).length,
      };
      await withPhotoCountChange(eventId, expected, async (tx) => {
        const found = await readAll(
          photos.map((p) => p.ref),
          tx,
        );
        const late = await Promise.all(found.map((p) => tx.get(s.votes(eventId, p.id))));
        const gone: PhotoRecord[] = found.flatMap((p) => p.data() ?? []);
        const featured = gone.filter((p) => p.isFeatured).length;
        return {
          change: { addFeatured: 0, remove: { total: gone.length, featured } },
          write: () => {
            for (const photo of gone) {
              tx.delete(s.photos(eventId).doc(photo.id));
              tx.delete(
                s.activity(eventId).doc(activityEntryId('photo', photoBatchSubject(photo))),
              );
            }
            for (const votes of late) for (const vote of votes.docs) tx.delete(vote.ref);
          },
          result: undefined,
        };
      });
    }
  });
  return [...events];
}

/**
 * Takes back their votes on other people's photos. The vote documents are the count's truth;
 * each photo's `votes` is folded in from them (services/votes.ts), here at once per photo, and
 * by the vote trigger after each deletion in any case.
 */
export async function deleteVotes(uid: string): Promise<void> {
  const s = store();
  await drain(s.groups.votes().where('userId', '==', uid), async (docs) => {
    const batch = db().batch();
    for (const { ref } of docs) batch.delete(ref);
    await batch.commit();
    const photos = new Map(docs.map(({ data }) => [`${data.eventId}/${data.photoId}`, data]));
    for (const vote of photos.values()) await foldVoteCount(vote.eventId, vote.photoId);
  });
}

// ---- Travel -------------------------------------------------------------------------------------

/**
 * Their flights and the carpools they drive go (with the travel counters, their feed lines and
 * the riders' passenger documents); seats they hold in others' carpools are freed.
 */
export async function deleteTravel(uid: string): Promise<void> {
  const s = store();
  await drain(s.groups.flights().where('userId', '==', uid), async (docs) => {
    for (const [eventId, flights] of byEvent(docs)) {
      await db().runTransaction(async (tx) => {
        const found = await readAll(
          flights.map((f) => f.ref),
          tx,
        );
        const stats = await readTravelStats(tx, eventId);
        const gone = found.filter((f) => f.exists);
        for (const flight of gone) {
          tx.delete(flight.ref);
          tx.delete(s.activity(eventId).doc(activityEntryId('flight', flight.id)));
        }
        writeTravelStats(tx, eventId, stats, { flights: -gone.length });
      });
    }
  });
  await drain(s.groups.carpools().where('driverId', '==', uid), async (docs) => {
    for (const { ref } of docs) {
      const eventId = eventOf(ref);
      await db().runTransaction(async (tx) => {
        const found = await tx.get(ref);
        const stats = await readTravelStats(tx, eventId);
        if (!found.exists) return;
        tx.delete(ref);
        tx.delete(s.activity(eventId).doc(activityEntryId('carpool', ref.id)));
        writeTravelStats(tx, eventId, stats, { carpools: -1 });
      });
      await db().recursiveDelete(s.passengers(eventId, ref.id));
    }
  });
  await drain(s.groups.carpools().where('passengerIds', 'array-contains', uid), async (docs) => {
    await db().runTransaction(async (tx) => {
      const found = await readAll(
        docs.map((d) => d.ref),
        tx,
      );
      for (const snap of found) {
        const carpool = snap.data();
        if (!carpool) continue;
        tx.update(snap.ref, {
          // The driver's seat always stays taken.
          currentSeats: Math.max(1, carpool.currentSeats - 1),
          passengerIds: carpool.passengerIds.filter((id) => id !== uid),
        });
        tx.delete(s.passengers(eventOf(snap.ref), snap.id).doc(uid));
      }
    });
  });
  // A passenger document without its place in `passengerIds` holds no seat: it just goes.
  await drain(s.groups.passengers().where('userId', '==', uid), async (docs) => {
    const writer = db().bulkWriter();
    for (const { ref } of docs) void writer.delete(ref);
    await writer.close();
  });
}

// ---- Answers in events they had already left ---------------------------------------------------

/**
 * Leaving an event takes their answers with it; this catches answers left where they are no
 * longer a member (the counts move as when they leave).
 */
export async function deleteAnswers(uid: string): Promise<void> {
  const s = store();
  await drain(s.groups.rsvps().where('userId', '==', uid), async (docs) => {
    for (const { ref } of docs) {
      const item = ref.parent.parent;
      if (!item) continue;
      const eventId = eventOf(ref);
      await db().runTransaction(async (tx) => {
        const [itemSnap, rsvpSnap] = await Promise.all([
          tx.get(s.schedule(eventId).doc(item.id)),
          tx.get(ref),
        ]);
        const stored = itemSnap.data();
        const rsvp = rsvpSnap.data();
        if (stored?.rsvpCounts && rsvp) {
          const read = await readItemCounts(tx, eventId, item.id, stored);
          const counts = movedRsvpCounts(
            read.counts,
            { state: rsvp.status, heads: headsOf(rsvp) },
            null,
          );
          writeItemCounts(tx, read, counts);
        }
        tx.delete(ref);
      });
    }
  });
  for (const query of [
    s.groups.rsvpsByUser().where('userId', '==', uid),
    s.groups.guestAnswers().where('userId', '==', uid),
  ] as Query[]) {
    await drain(query, async (docs) => {
      const writer = db().bulkWriter();
      for (const { ref } of docs) void writer.delete(ref);
      await writer.close();
    });
  }
}

// ---- Invitations --------------------------------------------------------------------------------

/**
 * Invitations they sent that nobody accepted stop working (invitation and token); invitations to
 * their address that were accepted describe a membership that is gone; the daily-cap ledger of
 * their sendings goes. Pending invitations to their address stay: the host invited an address,
 * and its owner may still accept with a new account.
 */
export async function deleteInvitations(uid: string, email: string): Promise<void> {
  const s = store();
  const remove = async (refs: DocumentReference[]) => {
    for (const ref of refs) {
      const eventId = eventOf(ref);
      const tokens = await s.invitationTokens
        .where('eventId', '==', eventId)
        .where('invitationId', '==', ref.id)
        .get();
      const batch = db().batch();
      for (const token of tokens.docs) batch.delete(token.ref);
      batch.delete(ref);
      await batch.commit();
    }
  };
  const sent = await s.groups.invitations().where('invitedByUserId', '==', uid).get();
  await remove(sent.docs.filter((d) => d.data().status === 'pending').map((d) => d.ref));
  if (email) {
    const received = await s.groups.invitations().where('email', '==', email).get();
    await remove(received.docs.filter((d) => d.data().status === 'accepted').map((d) => d.ref));
  }
  await drain(s.invitationLog.where('invitedByUserId', '==', uid), async (docs) => {
    const writer = db().bulkWriter();
    for (const { ref } of docs) void writer.delete(ref);
    await writer.close();
  });
}

// ---- Words of theirs that stay with an event ---------------------------------------------------

/**
 * Announcements they sent stay (the guests already have them by e-mail), signed "Former
 * member", with their feed lines; answers they recorded for guests as a host and role-change
 * history name them the same way.
 */
export async function anonymiseAuthored(uid: string): Promise<void> {
  const s = store();
  const sent = await s.groups.announcements().where('authorId', '==', uid).get();
  for (const doc of sent.docs) {
    const eventId = eventOf(doc.ref);
    const announcement = { ...doc.data(), author: FORMER_MEMBER };
    const entryId = activityEntryId('announcement', doc.id);
    // A group announcement's lines are in its groups' feeds (services/activity.ts).
    const audience = announcement.audience;
    const entryRefs = [
      s.activity(eventId).doc(entryId),
      ...(audience.kind === 'groups' ? audience.groupIds : []).map((g) =>
        s.groupFeed(eventId, g).doc(entryId),
      ),
    ];
    await db().runTransaction(async (tx) => {
      const entries = await Promise.all(entryRefs.map((ref) => tx.get(ref)));
      tx.update(doc.ref, { author: FORMER_MEMBER });
      for (const entry of entries) {
        if (entry.exists)
          tx.set(entry.ref, activityEntry({ kind: 'announcement', doc: announcement }));
      }
    });
  }
  // Guests' answers they recorded as a host: the feed line says "Former member recorded …".
  const recorded = await s.groups.rsvps().where('recordedBy', '==', uid).get();
  for (const doc of recorded.docs) {
    const { eventId, scheduleId, userId } = doc.data();
    const entryRef = s.activity(eventId).doc(activityEntryId('rsvp', `${scheduleId}:${userId}`));
    await db().runTransaction(async (tx) => {
      const [entry, item, guest] = await Promise.all([
        tx.get(entryRef),
        tx.get(s.schedule(eventId).doc(scheduleId)),
        tx.get(s.member(eventId, userId)),
      ]);
      const stored = entry.data();
      const title = item.data()?.title;
      const person = guest.data()?.user;
      if (!stored || title === undefined || !person) return;
      tx.update(entryRef, {
        actor: FORMER_MEMBER,
        title: recordedAnswerText(FORMER_MEMBER, person, title),
      });
    });
  }
  const named = { displayName: FORMER_MEMBER.displayName };
  const about = await s.groups.roleChanges().where('changedUserId', '==', uid).get();
  const by = await s.groups.roleChanges().where('changedByUserId', '==', uid).get();
  const writer = db().bulkWriter();
  for (const doc of about.docs) void writer.update(doc.ref, { changedUser: named });
  for (const doc of by.docs) void writer.update(doc.ref, { changedBy: named });
  await writer.close();
}

// ---- Downloads, mail, profile, sign-in ----------------------------------------------------------

/** "Download all" links they asked for and their own "Download my data" links. */
export async function deleteDownloads(uid: string): Promise<void> {
  const s = store();
  for (const query of [
    s.groups.photoArchives().where('createdBy', '==', uid),
    s.dataExports.where('userId', '==', uid),
  ] as Query[]) {
    await drain(query, async (docs) => {
      const writer = db().bulkWriter();
      for (const { ref } of docs) void writer.delete(ref);
      await writer.close();
    });
  }
}

/** E-mails queued or sent to their address (the queue is the delivery log). */
export async function deleteMail(email: string): Promise<void> {
  if (!email) return;
  await drain(store().mail.where('to', '==', email), async (docs) => {
    const writer = db().bulkWriter();
    for (const { ref } of docs) void writer.delete(ref);
    await writer.close();
  });
}

export async function deleteProfile(uid: string): Promise<void> {
  await store().user(uid).delete();
}

/** The Auth account itself; already gone is done. */
export async function deleteSignIn(uid: string): Promise<void> {
  try {
    await auth().deleteUser(uid);
  } catch (err) {
    if ((err as { code?: unknown }).code !== 'auth/user-not-found') throw err;
  }
}

// ---- The check that nothing is left -------------------------------------------------------------

/**
 * What is still stored about the person, by kind (empty = nothing): the same queries the steps
 * use, the profile, and their upload folders in every event they had files in. The run ends
 * only when this is empty, as the event cascade's tests check an event.
 */
export async function leftovers(person: Person, eventIds: readonly string[]): Promise<string[]> {
  const s = store();
  const { uid, email } = person;
  const queries: [string, Query][] = [
    ['memberships', s.groups.members().where('userId', '==', uid)],
    ['events created', s.events.where('createdBy', '==', uid)],
    ['photos', s.groups.photos().where('uploadedBy', '==', uid)],
    ['votes', s.groups.votes().where('userId', '==', uid)],
    ['flights', s.groups.flights().where('userId', '==', uid)],
    ['carpools driven', s.groups.carpools().where('driverId', '==', uid)],
    ['carpool seats', s.groups.carpools().where('passengerIds', 'array-contains', uid)],
    ['passenger records', s.groups.passengers().where('userId', '==', uid)],
    ['RSVPs', s.groups.rsvps().where('userId', '==', uid)],
    ['RSVP maps', s.groups.rsvpsByUser().where('userId', '==', uid)],
    ['answers', s.groups.guestAnswers().where('userId', '==', uid)],
    ['invitation log', s.invitationLog.where('invitedByUserId', '==', uid)],
    ['photo downloads', s.groups.photoArchives().where('createdBy', '==', uid)],
    ['data downloads', s.dataExports.where('userId', '==', uid)],
  ];
  if (email) queries.push(['mail', s.mail.where('to', '==', email)]);
  const left: string[] = [];
  for (const [name, query] of queries) {
    const count = (await query.count().get()).data().count;
    if (count > 0) left.push(`${count} ${name}`);
  }
  // Announcements stay by design, signed "Former member": only a signature with a name is left.
  const sent = await s.groups.announcements().where('authorId', '==', uid).get();
  const signed = sent.docs.filter((d) => d.data().author.displayName !== FORMER_MEMBER.displayName);
  if (signed.length > 0) left.push(`${signed.length} signed announcements`);
  const pendingSent = await s.groups.invitations().where('invitedByUserId', '==', uid).get();
  const pending = pendingSent.docs.filter((d) => d.data().status === 'pending').length;
  if (pending > 0) left.push(`${pending} pending invitations`);
  if ((await s.user(uid).get()).exists) left.push('profile');
  for (const eventId of eventIds) {
    if (await uploadsLeft(eventId, uid)) left.push(`files in event ${eventId}`);
    if (await seatedIn(eventId, uid)) left.push(`seats in event ${eventId}`);
  }
  return left;
}
