// Announcements (docs/api.md, "Announcements"): sent through the API, which checks the role and
// the tier's daily limit, records the announcement (its activity entry follows by trigger) and
// e-mails the audience. The composer offers the event's schedule items for an answer audience,
// and its guest groups (one or more) for a group audience.
import { limit, orderBy, query } from 'firebase/firestore';
import {
  ANNOUNCEMENT_ANSWERS,
  ANNOUNCEMENT_MESSAGES,
  announcementRequestSchema,
  audienceLabel,
  audienceLine,
  type AnnouncementAnswer,
} from '@gatherly/domain/email/announcements';
import { API } from '@gatherly/domain/api/endpoints';
import type { CreateAnnouncementRequest } from '@gatherly/domain/api/requests';
import type { Announcement } from '@gatherly/domain/entities/activity';
import { ValidationError } from 'yup';
import { callApi } from '../../lib/api-client.ts';
import { scheduleRef } from '../../lib/db/refs.ts';
import { useDb, useLiveQuery } from '../../lib/live/index.ts';
import type { ScheduleDoc } from '../../lib/types.ts';

/**
 * The composer's form: `audience` is EVERYONE, GROUPS (then `groupIds` says which) or an answer
 * for an item (`audienceValue`).
 */
export interface AnnouncementFormValues {
  message: string;
  audience: string;
  groupIds?: string[];
}

export const EVERYONE = 'all';
export const GROUPS = 'groups';

/** "going:s1": the answer and the item, one value of the audience picker. */
export function audienceValue(status: AnnouncementAnswer, scheduleId: string): string {
  return `${status}:${scheduleId}`;
}

/** The API request for the form's values (the schema trims and checks it). */
export function toAnnouncementRequest(values: AnnouncementFormValues): CreateAnnouncementRequest {
  if (values.audience === EVERYONE) return { message: values.message, audience: null };
  if (values.audience === GROUPS) {
    return { message: values.message, audience: { groupIds: values.groupIds ?? [] } };
  }
  const at = values.audience.indexOf(':');
  const status = values.audience.slice(0, at);
  const scheduleId = at < 0 ? '' : values.audience.slice(at + 1);
  // An unknown answer is left for the schema to refuse with its sentence.
  return {
    message: values.message,
    audience: { scheduleId, status: status as AnnouncementAnswer },
  };
}

/** The form's errors from the shared schema (the server validates with the same one). */
export function validateAnnouncement(
  values: AnnouncementFormValues,
): Partial<Record<keyof AnnouncementFormValues, string>> {
  try {
    announcementRequestSchema.validateSync(toAnnouncementRequest(values), { abortEarly: false });
    return {};
  } catch (err) {
    if (!(err instanceof ValidationError)) throw err;
    const errors: Partial<Record<keyof AnnouncementFormValues, string>> = {};
    for (const e of err.inner.length ? err.inner : [err]) {
      // The groups' own error shows under their checkboxes, not under the picker.
      const field = e.path?.startsWith('audience.groupIds')
        ? 'groupIds'
        : e.path?.startsWith('audience')
          ? 'audience'
          : 'message';
      errors[field] ??= e.message;
    }
    return errors;
  }
}

export async function sendAnnouncement(
  eventId: string,
  values: AnnouncementFormValues,
): Promise<Announcement> {
  const body = announcementRequestSchema.cast(toAnnouncementRequest(values));
  const res = await callApi(API.sendAnnouncement, { params: { eventId }, body });
  return res.announcement;
}

/** What the sender is told once it is sent: how many e-mails went out. */
export function sentDescription(announcement: Announcement): string {
  const n = announcement.recipientCount;
  if (announcement.audience.kind === 'groups') {
    const to = audienceLine(announcement.audienceLabel);
    const feed = 'Only their members and the hosts see it in the activity feed.';
    if (n === null) return `${to}. The e-mails are on their way. ${feed}`;
    if (n === 0) return `${to}. Nobody there takes announcement e-mails yet. ${feed}`;
    return `E-mailed to ${n} ${n === 1 ? 'member' : 'members'} (${to}). ${feed}`;
  }
  if (n === null) return 'It is in the activity feed; the e-mails are on their way.';
  if (n === 0)
    return `${ANNOUNCEMENT_MESSAGES.noRecipients}, so no e-mail went out. It is in the activity feed.`;
  return `E-mailed to ${n} ${n === 1 ? 'member' : 'members'} (${announcement.audienceLabel}) and added to the activity feed.`;
}

/** The picker's order: the answers from yes to no, then those who have not answered. */
const PICKER_ORDER: readonly AnnouncementAnswer[] = ['going', 'maybe', 'not_going', 'no_response'];

/** The picker's choices for one item: "Going to Brunch", "Maybe for Brunch", ... */
export function answerChoices(item: Pick<ScheduleDoc, 'id' | 'title'>) {
  return PICKER_ORDER.filter((status) => ANNOUNCEMENT_ANSWERS.includes(status)).map((status) => ({
    value: audienceValue(status, item.id),
    label: audienceLabel({ kind: 'rsvp', scheduleId: item.id, status }, item.title),
  }));
}

/** Items offered as audiences: a bounded read while the composer is open (schedules are short). */
export const SCHEDULE_CHOICES_LIMIT = 50;

export function useScheduleChoices(eventId: string) {
  const db = useDb();
  const res = useLiveQuery(
    query(scheduleRef(db, eventId), orderBy('startTime', 'asc'), limit(SCHEDULE_CHOICES_LIMIT)),
  );
  return { loading: res.loading, items: res.data };
}
