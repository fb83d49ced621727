// Photo wall links and settings (docs/product.md, "Photo wall"): admins create links that open
// the wall on a TV without an account, revoke them, and set the pace and approval. A link's
// secret is answered once and stored only as its SHA-256 (wallLinks/{hash}); functions only.
import { Timestamp, type Transaction } from 'firebase-admin/firestore';
import type { WallSettingsValues } from '@gatherly/domain/wall-schemas';
import {
  DEFAULT_WALL_SETTINGS,
  MAX_WALL_LINKS,
  WALL_MESSAGES,
  type WallAdminView,
  type WallLinkCreated,
  type WallLinkSummary,
  type WallSettings,
} from '@gatherly/domain/wall';
import { requirePermission } from '../access.ts';
import type { Caller } from '../caller.ts';
import type { EventRecord, WallLinkRecord } from '../db.ts';
import { store } from '../firebase.ts';
import { conflict, notFound } from '../http.ts';
import { appOrigin } from '../mail/params.ts';
import { newSecret, sha256Hex } from '../secrets.ts';
import { userSummary } from '../users.ts';

/** The public page a wall link opens. */
export const wallUrlOf = (secret: string) => `${appOrigin()}/wall/${secret}`;

export const wallSettingsOf = (event: EventRecord): WallSettings =>
  event.wallSettings ?? { ...DEFAULT_WALL_SETTINGS };

const summaryOf = (link: WallLinkRecord): WallLinkSummary => ({
  id: link.id,
  createdAt: link.createdAt.toDate().toISOString(),
  createdByName: link.createdByName,
});

/** The event's links, oldest first (at most MAX_WALL_LINKS, so one bounded query). */
function linksOf(eventId: string) {
  return store().wallLinks.where('eventId', '==', eventId).limit(MAX_WALL_LINKS);
}

const oldestFirst = (a: WallLinkRecord, b: WallLinkRecord) =>
  a.createdAt.toMillis() - b.createdAt.toMillis();

/** The links and settings, as Settings shows them. */
export async function wallAdminView(
  tx: Transaction,
  caller: Caller,
  eventId: string,
): Promise<WallAdminView> {
  const { event } = await requirePermission(caller, eventId, 'editSettings', { tx });
  const links = (await tx.get(linksOf(eventId))).docs.map((d) => d.data()).sort(oldestFirst);
  return { links: links.map(summaryOf), settings: wallSettingsOf(event) };
}

/** A new link; the URL holding its secret is in this answer only. */
export async function createWallLink(
  tx: Transaction,
  caller: Caller,
  eventId: string,
): Promise<WallLinkCreated> {
  await requirePermission(caller, eventId, 'editSettings', { tx });
  const existing = await tx.get(linksOf(eventId));
  if (existing.size >= MAX_WALL_LINKS) throw conflict(WALL_MESSAGES.linkLimit);
  const secret = newSecret();
  // Without a configured origin this throws (503) before anything is written.
  const url = wallUrlOf(secret);
  const link: WallLinkRecord = {
    id: sha256Hex(secret),
    eventId,
    createdBy: caller.uid,
    createdByName: (await userSummary(caller)).displayName,
    createdAt: Timestamp.now(),
  };
  tx.create(store().wallLink(link.id), link);
  return { link: summaryOf(link), url };
}

/** Revokes a link: the next request of a wall open on it is refused. */
export async function revokeWallLink(
  tx: Transaction,
  caller: Caller,
  eventId: string,
  linkId: string,
): Promise<void> {
  await requirePermission(caller, eventId, 'editSettings', { tx });
  const ref = store().wallLink(linkId);
  const link = (await tx.get(ref)).data();
  // Another event's link id is "not found" here, like one that never existed.
  if (!link || link.eventId !== eventId) throw notFound(WALL_MESSAGES.linkNotFoundAdmin);
  tx.delete(ref);
}

export async function setWallSettings(
  tx: Transaction,
  caller: Caller,
  eventId: string,
  values: WallSettingsValues,
): Promise<WallSettings> {
  await requirePermission(caller, eventId, 'editSettings', { tx });
  const settings: WallSettings = {
    paceSeconds: values.paceSeconds,
    approveFirst: values.approveFirst,
  };
  tx.update(store().event(eventId), { wallSettings: settings });
  return settings;
}

/** The event a wall secret opens; anything else is the same sentence (nothing revealed). */
export async function eventOfWallSecret(
  secret: string,
): Promise<{ eventId: string; event: EventRecord }> {
  if (!/^[A-Za-z0-9_-]{40,64}$/.test(secret)) throw notFound(WALL_MESSAGES.linkNotFound);
  const link = (await store().wallLink(sha256Hex(secret)).get()).data();
  if (!link) throw notFound(WALL_MESSAGES.linkNotFound);
  const event = (await store().event(link.eventId).get()).data();
  if (!event || event.deleting) throw notFound(WALL_MESSAGES.linkNotFound);
  return { eventId: link.eventId, event };
}
