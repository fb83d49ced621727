import { Timestamp, type DocumentSnapshot } from 'firebase-admin/firestore';
import {
  DEFAULT_BANNER_SETTINGS,
  DEFAULT_THEME_COLORS,
  type BannerSettings,
  type EventResponse,
  type EventWithMembership,
  type EventsResponse,
  type MemberRole,
} from '@gatherly/domain/entities';
import { isMemberRole } from '@gatherly/domain/roles';
import {
  MESSAGES,
  bannerSettingsUpdateSchema,
  createEventRequestSchema,
  eventUpdateFieldSchemas,
  type EventUpdateField,
} from '@gatherly/domain/schemas';
import {
  eventRef,
  requireMember,
  requirePermission,
  type EventDoc,
  type MemberDoc,
} from '../access.ts';
import { db } from '../firebase.ts';
import { badRequest } from '../http.ts';
import type { Route } from '../router.ts';
import { apiShape } from '../serialize.ts';
import { deletePrefix } from '../storage.ts';
import { countOf, eventsCreatedBy, requireWithin, tierOfUser } from '../tiers.ts';
import { userSummary } from '../users.ts';
import { requireObject, validate, validateBody } from '../validate.ts';

export function eventJson(
  id: string,
  data: EventDoc,
  memberCount: number,
  role: MemberRole,
): EventWithMembership {
  return {
    ...apiShape<Omit<EventWithMembership, 'id' | 'memberCount' | 'role'>>(data),
    id,
    memberCount,
    role,
  };
}

export const memberCount = (eventId: string) => countOf(eventRef(eventId).collection('members'));

export async function eventView(eventId: string, uid: string): Promise<EventWithMembership> {
  const { event, role } = await requireMember(eventId, uid);
  return eventJson(eventId, event, await memberCount(eventId), role);
}

const UPDATE_FIELDS = Object.keys(eventUpdateFieldSchemas) as EventUpdateField[];
const isUpdateField = (key: string): key is EventUpdateField =>
  (UPDATE_FIELDS as string[]).includes(key);

/** The banner of event `eventId` must be one of its own banner uploads. */
export function isBannerPath(eventId: string, path: string): boolean {
  return (
    path.startsWith(`events/${eventId}/banner/`) &&
    !path.includes('..') &&
    path.length > `events/${eventId}/banner/`.length
  );
}

async function deleteEventEverywhere(eventId: string): Promise<void> {
  const ref = eventRef(eventId);
  // Files first while the event and memberships still exist, so a crash leaves a retryable
  // delete; then tokens and every document under the event (recursiveDelete also finds
  // documents under parents that no longer exist, e.g. votes of a deleted photo); then files
  // again in case an upload raced the delete (rules refuse new ones once memberships are gone).
  await deletePrefix(`events/${eventId}/`);
  const tokens = await db()
    .collection('invitationTokens')
    .where('eventId', '==', eventId)
    .select()
    .get();
  const writer = db().bulkWriter();
  for (const token of tokens.docs) void writer.delete(token.ref);
  await writer.close();
  await db().recursiveDelete(ref);
  await deletePrefix(`events/${eventId}/`);
}

export const eventRoutes: Route[] = [
  {
    method: 'GET',
    pattern: '/events',
    async handle({ user }) {
      const memberships = await db()
        .collectionGroup('members')
        .where('userId', '==', user.uid)
        .get();
      const entries = memberships.docs
        .map((doc) => ({ eventRef: doc.ref.parent.parent, role: (doc.data() as MemberDoc).role }))
        .filter(
          (e): e is { eventRef: NonNullable<typeof e.eventRef>; role: MemberRole } =>
            !!e.eventRef && isMemberRole(e.role),
        );
      const snaps: DocumentSnapshot[] = entries.length
        ? await db().getAll(...entries.map((e) => e.eventRef))
        : [];
      const events = await Promise.all(
        snaps.map(async (snap, i) => {
          const entry = entries[i];
          if (!snap.exists || !entry) return null;
          return eventJson(
            snap.id,
            snap.data() as EventDoc,
            await memberCount(snap.id),
            entry.role,
          );
        }),
      );
      const list = events.filter((e): e is EventWithMembership => e !== null);
      list.sort((a, b) => String(b.createdAt).localeCompare(String(a.createdAt)));
      const body: EventsResponse = { events: list };
      return { body };
    },
  },
  {
    method: 'GET',
    pattern: '/events/:eventId',
    async handle({ user, params }) {
      const body: EventResponse = { event: await eventView(params.eventId as string, user.uid) };
      return { body };
    },
  },
  {
    method: 'POST',
    pattern: '/events',
    async handle({ user, body }) {
      const input = validateBody(createEventRequestSchema, body);
      const summary = await userSummary(user);
      const ref = db().collection('events').doc();
      const now = Timestamp.now();
      const event: EventDoc = {
        name: input.name,
        description: input.description,
        location: input.location,
        startDate: input.startDate ?? null,
        endDate: input.endDate ?? null,
        customLogo: input.customLogo,
        themeColors: { ...DEFAULT_THEME_COLORS, ...definedColors(input.themeColors) },
        bannerSettings: { ...DEFAULT_BANNER_SETTINGS },
        // Always the verified caller, whatever the body says.
        adminId: user.uid,
        createdBy: user.uid,
        createdAt: now,
      };
      const member: MemberDoc = {
        eventId: ref.id,
        userId: user.uid,
        role: 'creator',
        joinedAt: now,
        user: summary,
      };
      await db().runTransaction(async (tx) => {
        const tier = await tierOfUser(user.uid, tx);
        requireWithin(await countOf(eventsCreatedBy(user.uid), tx), tier.maxEvents, 'events', tier);
        tx.create(ref, event);
        tx.create(ref.collection('members').doc(user.uid), member);
      });
      const response: EventResponse = { event: eventJson(ref.id, event, 1, 'creator') };
      return { status: 201, body: response };
    },
  },
  {
    method: 'PUT',
    pattern: '/events/:eventId',
    async handle({ user, params, body }) {
      const eventId = params.eventId as string;
      const fields = requireObject(body);
      const keys = Object.keys(fields);
      if (keys.length !== 1) {
        throw badRequest(
          'Send exactly one field: name, description, location, startDate, endDate, customLogo, themeColors or bannerSettings',
        );
      }
      const key = keys[0] as string;
      let update: Record<string, unknown>;
      if (key === 'bannerSettings') {
        const banner = validate(
          bannerSettingsUpdateSchema,
          fields.bannerSettings,
          'bannerSettings',
        );
        if (banner === undefined || banner === null || Object.keys(banner).length === 0) {
          throw badRequest('bannerSettings must change at least one setting');
        }
        if (
          typeof banner.customBannerImage === 'string' &&
          !isBannerPath(eventId, banner.customBannerImage)
        ) {
          throw badRequest(`customBannerImage must be a file under events/${eventId}/banner/`);
        }
        update = Object.fromEntries(
          Object.entries(banner as Partial<BannerSettings>)
            .filter(([, v]) => v !== undefined)
            .map(([k, v]) => [`bannerSettings.${k}`, v]),
        );
      } else if (isUpdateField(key)) {
        update = { [key]: validate(eventUpdateFieldSchemas[key], fields[key], key) ?? null };
      } else {
        throw badRequest(`Unknown event field: ${key.slice(0, 60)}`);
      }
      const action = key === 'bannerSettings' ? 'manageBanner' : 'editSettings';
      await db().runTransaction(async (tx) => {
        const { event } = await requirePermission(eventId, user.uid, action, tx);
        const start = key === 'startDate' ? (update.startDate as string | null) : event.startDate;
        const end = key === 'endDate' ? (update.endDate as string | null) : event.endDate;
        if (
          (key === 'startDate' || key === 'endDate') &&
          start &&
          end &&
          Date.parse(end) < Date.parse(start)
        ) {
          throw badRequest(MESSAGES.endBeforeStart);
        }
        tx.update(eventRef(eventId), update);
      });
      const response: EventResponse = { event: await eventView(eventId, user.uid) };
      return { body: response };
    },
  },
  {
    method: 'DELETE',
    pattern: '/events/:eventId',
    async handle({ user, params }) {
      const eventId = params.eventId as string;
      await requirePermission(eventId, user.uid, 'deleteEvent');
      await deleteEventEverywhere(eventId);
      return { body: { deleted: true, id: eventId } };
    },
  },
];

function definedColors(
  colors: Record<string, string | undefined> | undefined,
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(colors ?? {})) if (typeof v === 'string') out[k] = v;
  return out;
}
