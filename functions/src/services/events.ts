// Events: creation (tier limit), settings, reading, and deletion with its cascade
// (docs/product.md, "Create Event", "Settings"; docs/data-model.md, "Event settings").
import { Timestamp, type Transaction } from 'firebase-admin/firestore';
import type { UserSummary } from '@gatherly/domain/entities/common';
import {
  DEFAULT_BANNER_SETTINGS,
  DEFAULT_THEME_COLORS,
  type EventWithMembership,
  type ThemeColors,
} from '@gatherly/domain/entities/events';
import type { MemberRole } from '@gatherly/domain/entities/members';
import { settingsPatchError, type EventSettingsPatch } from '@gatherly/domain/event-settings';
import { isMemberRole } from '@gatherly/domain/roles';
import type { CreateEventRequestValues } from '@gatherly/domain/schemas';
import { memberSearchTokens } from '@gatherly/domain/search';
import { readAll, requireMember, requirePermission } from '../access.ts';
import type { Caller } from '../caller.ts';
import type { EventRecord, MemberRecord } from '../db.ts';
import { db, store } from '../firebase.ts';
import { badRequest } from '../http.ts';
import { apiShape } from '../serialize.ts';
import { deletePrefix } from '../storage.ts';
import { countOf, eventsCreatedBy, requireWithin, tierOfUser } from '../tiers.ts';
import { requireAccountOpen } from './account-guard.ts';
import { initialiseStats } from './stats.ts';

/**
 * An event as one member sees it; the stored `deleting` mark is not part of it. `timeZone` is
 * always present: null for an event without one (shown in UTC until an admin confirms a zone).
 */
export function eventView(
  event: EventRecord,
  memberCount: number,
  role: MemberRole,
): EventWithMembership {
  const { deleting: _deleting, ...stored } = event;
  return { ...apiShape(stored), timeZone: event.timeZone ?? null, memberCount, role };
}

export const countMembers = (eventId: string, tx: Transaction | null = null) =>
  countOf(store().members(eventId), tx);

/** One event for a member (404 for anyone else). */
export async function readEvent(caller: Caller, eventId: string): Promise<EventWithMembership> {
  const { event, role } = await requireMember(caller, eventId);
  return eventView(event, await countMembers(eventId), role);
}

/** Every event the caller belongs to, newest first (one collection-group query). */
export async function listEvents(caller: Caller): Promise<EventWithMembership[]> {
  const memberships = await store().groups.members().where('userId', '==', caller.uid).get();
  const roles = new Map<string, MemberRole>();
  for (const doc of memberships.docs) {
    const eventId = doc.ref.parent.parent?.id;
    const { role } = doc.data();
    if (eventId && isMemberRole(role)) roles.set(eventId, role);
  }
  const snaps = await readAll([...roles.keys()].map((id) => store().event(id)));
  const events = await Promise.all(
    snaps.map(async (snap) => {
      const event = snap.data();
      const role = roles.get(snap.id);
      if (!event || !role || event.deleting) return null;
      return eventView(event, await countMembers(snap.id), role);
    }),
  );
  return events
    .filter((e): e is EventWithMembership => e !== null)
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt));
}

function definedColors(colors: CreateEventRequestValues['themeColors']): Partial<ThemeColors> {
  const out: Partial<ThemeColors> = {};
  for (const key of Object.keys(DEFAULT_THEME_COLORS) as (keyof ThemeColors)[]) {
    const value = colors?.[key];
    if (typeof value === 'string') out[key] = value;
  }
  return out;
}

/**
 * Creates an event with the caller as creator, within the caller's tier limit on events
 * created. The creator is always the verified caller, whatever a body said.
 */
export async function createEvent(
  tx: Transaction,
  caller: Caller,
  input: CreateEventRequestValues,
  creator: UserSummary,
): Promise<EventRecord> {
  const ref = store().events.doc();
  const now = Timestamp.now();
  const event: EventRecord = {
    id: ref.id,
    name: input.name,
    description: input.description,
    location: input.location,
    startDate: input.startDate ?? null,
    endDate: input.endDate ?? null,
    // Left out by an API client: null, shown in UTC until an admin confirms a zone
    // (docs/decisions.md, "Time zones").
    timeZone: input.timeZone ?? null,
    customLogo: input.customLogo,
    themeColors: { ...DEFAULT_THEME_COLORS, ...definedColors(input.themeColors) },
    bannerSettings: { ...DEFAULT_BANNER_SETTINGS },
    bannerImageUrl: null,
    adminId: caller.uid,
    createdBy: caller.uid,
    createdAt: now,
  };
  const member: MemberRecord = {
    id: caller.uid,
    eventId: ref.id,
    userId: caller.uid,
    role: 'creator',
    joinedAt: now,
    user: creator,
    searchTokens: memberSearchTokens(creator.displayName, creator.email),
  };
  await requireAccountOpen(tx, caller.uid);
  const tier = await tierOfUser(caller.uid, tx);
  requireWithin(await countOf(eventsCreatedBy(caller.uid), tx), tier.maxEvents, 'events', tier);
  tx.create(ref, event);
  tx.create(store().member(ref.id, caller.uid), member);
  initialiseStats(tx, ref.id);
  return event;
}

/**
 * One settings write (docs/data-model.md, "Event settings"): the same checks the rules make on
 * the direct path. `patch` holds values valid per field; this adds the role, the date order
 * against the stored dates and the banner folder.
 */
export async function updateEventSettings(
  tx: Transaction,
  caller: Caller,
  eventId: string,
  patch: EventSettingsPatch,
): Promise<void> {
  const action = patch.bannerSettings !== undefined ? 'manageBanner' : 'editSettings';
  const { event } = await requirePermission(caller, eventId, action, { tx });
  const problem = settingsPatchError(eventId, patch, event);
  if (problem) throw badRequest(problem);
  tx.update(store().event(eventId), patch);
}

/**
 * The first step of deleting an event: mark it `deleting` in a transaction. From the commit on,
 * rules and functions refuse every write under the event, so the cascade that follows cannot
 * miss a document or file written meanwhile. A failed cascade can be resumed by the creator.
 */
export async function startEventDeletion(
  tx: Transaction,
  caller: Caller,
  eventId: string,
): Promise<void> {
  await requirePermission(caller, eventId, 'deleteEvent', { tx, whileDeleting: true });
  tx.update(store().event(eventId), { deleting: true });
}

/**
 * The cascade after `startEventDeletion`: every Storage object under `events/{id}/` and
 * `uploads/{id}/`, the event's invitation tokens, event link and wall links, then the event document and
 * everything below it
 * (`recursiveDelete` also finds documents under parents that no longer exist, e.g. votes of a
 * photo a client deleted). Files go first so a crash leaves a retryable delete; a last sweep
 * catches an upload that passed its rules check before the mark and landed after the first one.
 */
export async function deleteEventData(eventId: string): Promise<void> {
  await deletePrefix(`events/${eventId}/`);
  await deletePrefix(`uploads/${eventId}/`);
  const [tokens, joinLinks, wallLinks] = await Promise.all([
    store().invitationTokens.where('eventId', '==', eventId).select().get(),
    store().joinLinks.where('eventId', '==', eventId).select().get(),
    store().wallLinks.where('eventId', '==', eventId).select().get(),
  ]);
  const writer = db().bulkWriter();
  const deletes = [...tokens.docs, ...joinLinks.docs, ...wallLinks.docs].map((doc) =>
    writer.delete(doc.ref),
  );
  await Promise.all([...deletes, writer.close()]);
  await db().recursiveDelete(store().event(eventId));
  await deletePrefix(`events/${eventId}/`);
  await deletePrefix(`uploads/${eventId}/`);
}
