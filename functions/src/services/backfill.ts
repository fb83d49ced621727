// Derived documents for an event written before they existed (docs/performance.md, "Counters",
// "Search", "Activity"): the stats counters, each schedule item's rsvpCounts, the members'
// rsvpsByUser maps, each item's and date poll's `audience` and each answer's `groupIds` (guest groups), searchTokens on members and photos, the photos' and the banner's download
// URLs, and the activity feed. Used by scripts/backfill-stats.ts for existing events and by the
// demo and bench seeds, which write their documents directly. Idempotent: running it again
// rewrites the same values.
//
// Counters are written in transactions from aggregation counts, so they are exact against
// function writes that happen meanwhile (those transactions read the same counters). The other
// documents are recomputed from a read of the whole collection, once, which only an
// administrative job may do.
import { PHOTO_COUNT_SHARDS } from '@gatherly/domain/photo-counter';
import { groupLimit, isLimited, itemGroupIds } from '@gatherly/domain/groups';
import {
  Timestamp,
  type BulkWriter,
  type DocumentData,
  type Query,
  type Transaction,
} from 'firebase-admin/firestore';
import { NO_RSVP_TALLY, sumTallies, tallyChange } from '@gatherly/domain/rsvp-counter';
import { memberSearchTokens, photoSearchTokens } from '@gatherly/domain/search';
import type { DataAccess, PhotoRecord, RsvpsByUserRecord } from '../db.ts';
import { downloadUrl } from '../storage.ts';
import { activityEntry, photoBatchEntries, type ActivitySubject } from './activity.ts';
import { followMemberGroups } from './member-groups.ts';
import { refreshBannerImageUrl } from './photos.ts';

export interface BackfillSummary {
  members: number;
  photos: number;
  flights: number;
  carpools: number;
  scheduleItems: number;
  rsvps: number;
  activityEntries: number;
}

/** count() aggregation inside the transaction. */
async function count<A, D extends DocumentData>(tx: Transaction, query: Query<A, D>) {
  return (await tx.get(query.count())).data().count;
}

export async function backfillEvent(db: DataAccess, eventId: string): Promise<BackfillSummary> {
  const fs = db.firestore;

  // Counters, exact at their commit.
  await fs.runTransaction(async (tx) => {
    const m = db.members(eventId);
    const p = db.photos(eventId);
    const [creator, admin, attendee, photos, featured, flights, carpools] = await Promise.all([
      count(tx, m.where('role', '==', 'creator')),
      count(tx, m.where('role', '==', 'admin')),
      count(tx, m.where('role', '==', 'attendee')),
      count(tx, p),
      count(tx, p.where('isFeatured', '==', true)),
      count(tx, db.flights(eventId)),
      count(tx, db.carpools(eventId)),
    ]);
    // The photo count's shards go into the base (the next record cuts fresh shares).
    const shardRefs = [...Array(PHOTO_COUNT_SHARDS).keys()].map((k) =>
      db.stats.photoShard(eventId, k),
    );
    const shards = await tx.getAll(...shardRefs);
    const total = creator + admin + attendee;
    tx.set(db.stats.members(eventId), { id: 'members', total, creator, admin, attendee });
    tx.set(db.stats.photos(eventId), { id: 'photos', total: photos, featured });
    for (const shard of shards) {
      if (shard.exists) tx.set(shard.ref, { id: shard.id, total: 0, featured: 0 });
    }
    tx.set(db.stats.travel(eventId), { id: 'travel', flights, carpools });
  });

  const items = await db.schedule(eventId).get();
  for (const item of items.docs) {
    await fs.runTransaction(async (tx) => {
      const rsvps = db.rsvps(eventId, item.id);
      // Heads need the parties: the Going and waitlisted answers are read (an administrative
      // job; at most the event's members per item).
      const [maybe, notGoing, going, waitlisted] = await Promise.all([
        count(tx, rsvps.where('status', '==', 'maybe')),
        count(tx, rsvps.where('status', '==', 'not_going')),
        tx.get(rsvps.where('status', '==', 'going')),
        tx.get(rsvps.where('status', '==', 'waitlisted')),
      ]);
      const heads = (snap: typeof going) =>
        snap.docs.reduce((sum, d) => sum + (d.data().party?.size ?? 1), 0);
      const current = await tx.get(item.ref);
      const stored = current.data();
      // The exact counts are the base plus the shards (domain/src/rsvp-counter.ts).
      const shards = (await tx.get(db.rsvpCountShards(eventId, item.id))).docs.map((d) => d.data());
      if (stored) {
        const counts = {
          going: going.size,
          maybe,
          notGoing,
          goingHeads: heads(going),
          waitlisted: waitlisted.size,
          waitlistedHeads: heads(waitlisted),
        };
        tx.update(item.ref, {
          // Items from before guest groups are open to everyone; members' schedule queries
          // filter on `audience` (domain/src/groups.ts), so it must be stored.
          ...(stored.audience === undefined ? groupLimit([]) : {}),
          rsvpCounts: counts,
          rsvpBase: tallyChange(sumTallies(NO_RSVP_TALLY, shards), counts),
          rsvpCountedAt: Timestamp.now(),
        });
      }
    });
  }

  // Answers from before they carried their member's groups (the guest list's group totals).
  for (const member of (await db.members(eventId).get()).docs) {
    if ((member.data().groupIds ?? []).length > 0) await followMemberGroups(eventId, member.id, db);
  }

  // Polls from before limited items' polls: each takes its item's limit (the event's poll and
  // an item's gone: everyone), which members' poll queries filter on. At most one per item.
  const polls = await db.polls(eventId).get();
  for (const poll of polls.docs) {
    await fs.runTransaction(async (tx) => {
      const current = (await tx.get(poll.ref)).data();
      if (!current || current.audience !== undefined) return;
      const target = current.target;
      const item =
        target.kind === 'schedule'
          ? (await tx.get(db.schedule(eventId).doc(target.scheduleId))).data()
          : undefined;
      tx.update(poll.ref, groupLimit(item ? itemGroupIds(item) : []));
    });
  }

  const writer: BulkWriter = fs.bulkWriter();
  const writes: Promise<unknown>[] = [];
  let activityEntries = 0;
  const feed = (subject: ActivitySubject) => {
    const entry = activityEntry(subject);
    writes.push(writer.set(db.activity(eventId).doc(entry.id), entry));
    activityEntries += 1;
  };

  // Each member's answers in one map, with their name for "who's going". Answers of people who
  // are no longer members get no map (their RSVP documents stay, as before the maps).
  const members = await db.members(eventId).get();
  const byUid = new Map(members.docs.map((snap) => [snap.id, snap.data()]));
  const answers = new Map<string, RsvpsByUserRecord>();
  let rsvpCount = 0;
  for (const item of items.docs) {
    for (const rsvp of (await db.rsvps(eventId, item.id).get()).docs) {
      const { userId, status, respondedAt, recordedBy, party } = rsvp.data();
      rsvpCount += 1;
      const member = byUid.get(userId);
      if (!member) continue;
      const map = answers.get(userId) ?? {
        id: userId,
        eventId,
        userId,
        user: { displayName: member.user.displayName, photoURL: member.user.photoURL },
        statuses: {},
        parties: {},
        respondedAt: {},
        recordedBy: {},
      };
      map.statuses[item.id] = status;
      if (party) (map.parties ??= {})[item.id] = party;
      map.respondedAt[item.id] = respondedAt;
      if (recordedBy) map.recordedBy[item.id] = recordedBy;
      answers.set(userId, map);
    }
    // A limited item has no line in the shared feed (services/groups-activity.ts).
    if (!isLimited(item.data())) feed({ kind: 'schedule', doc: item.data() });
  }
  for (const [uid, map] of answers) {
    writes.push(writer.set(db.rsvpsByUser(eventId).doc(uid), map));
  }

  for (const snap of members.docs) {
    const member = snap.data();
    const tokens = memberSearchTokens(member.user.displayName, member.user.email);
    writes.push(writer.update(snap.ref, { searchTokens: tokens }));
    feed({ kind: 'member', doc: member });
  }
  const photos = await db.photos(eventId).get();
  const photoRecords = await withImageUrls(photos.docs.map((snap) => snap.data()));
  photos.docs.forEach((snap, i) => {
    const { caption, uploadedByUser, url, thumbUrl } = photoRecords[i]!;
    const tokens = photoSearchTokens(caption, uploadedByUser.displayName);
    writes.push(writer.update(snap.ref, { searchTokens: tokens, url, thumbUrl }));
  });
  // One line per upload batch, as the photo functions keep it.
  for (const entry of photoBatchEntries(photoRecords)) {
    writes.push(writer.set(db.activity(eventId).doc(entry.id), entry));
    activityEntries += 1;
  }
  const flights = await db.flights(eventId).get();
  for (const snap of flights.docs) feed({ kind: 'flight', doc: snap.data() });
  const carpools = await db.carpools(eventId).get();
  for (const snap of carpools.docs) feed({ kind: 'carpool', doc: snap.data() });
  const announcements = await db.announcements(eventId).get();
  const groups = new Set((await db.guestGroups(eventId).get()).docs.map((g) => g.id));
  for (const snap of announcements.docs) {
    const doc = snap.data();
    // A limited announcement has no line in the shared feed; one to guest groups has a line in
    // each of its groups' feeds (services/activity.ts, recordActivity).
    if (doc.audience.kind === 'groups') {
      const entry = activityEntry({ kind: 'announcement', doc });
      for (const g of doc.audience.groupIds.filter((id) => groups.has(id))) {
        writes.push(writer.set(db.groupFeed(eventId, g).doc(entry.id), entry));
      }
    } else if (doc.itemLimited !== true) feed({ kind: 'announcement', doc });
  }

  await Promise.all([...writes, writer.close()]);
  await refreshBannerImageUrl(eventId, db);
  return {
    members: members.size,
    photos: photos.size,
    flights: flights.size,
    carpools: carpools.size,
    scheduleItems: items.size,
    rsvps: rsvpCount,
    activityEntries,
  };
}

/**
 * Photos recorded before their download URLs were stored (docs/decisions.md, "Stored image
 * URLs") get them; a few at a time, as an administrative job may.
 */
async function withImageUrls(photos: PhotoRecord[]): Promise<PhotoRecord[]> {
  const out: PhotoRecord[] = [];
  for (let i = 0; i < photos.length; i += 20) {
    const chunk = photos.slice(i, i + 20).map(async (photo) =>
      photo.url
        ? photo
        : {
            ...photo,
            url: await downloadUrl(photo.objectPath),
            thumbUrl: photo.thumbPath ? await downloadUrl(photo.thumbPath) : '',
          },
    );
    out.push(...(await Promise.all(chunk)));
  }
  return out;
}
