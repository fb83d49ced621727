/**
 * The event settings write, one contract for both of its paths (docs/data-model.md, "Event
 * settings"): the settings screen writes the event document directly (firestore.rules decide)
 * and PUT /api/events/{id} writes it for API clients. Field values use
 * `eventUpdateFieldSchemas`; this module holds the rules that span fields.
 */
import { BODY_MESSAGES, isJsonObject, parseJson, unknownFieldMessage } from './api/json-body.ts';
import type { Event } from './entities/events.ts';
import {
  MESSAGES,
  eventUpdateFieldSchemas,
  type EventUpdateField,
  type ParseResult,
} from './schemas.ts';

export const EVENT_SETTINGS_FIELDS = Object.keys(eventUpdateFieldSchemas) as EventUpdateField[];

export type EventSettingsPatch = Partial<Pick<Event, EventUpdateField>>;

/**
 * PUT /api/events/{id} as a client sends it: exactly one settings field (themeColors,
 * bannerSettings and reminderSettings whole), or the two dates together.
 */
export type EventSettingsRequest =
  | { [K in EventUpdateField]: Required<Pick<Event, K>> }[EventUpdateField]
  | Required<Pick<Event, 'startDate' | 'endDate'>>;

export function isEventSettingsField(key: string): key is EventUpdateField {
  return (EVENT_SETTINGS_FIELDS as string[]).includes(key);
}

export const SETTINGS_KEYS_MESSAGE =
  'Send exactly one field: name, description, location, startDate, endDate, timeZone, customLogo, themeColors, bannerSettings, reminderSettings, guestsSeeWhoIsGoing or plusOnesAllowed (or startDate and endDate together)';

/**
 * One write changes one settings field, or the two dates together (choosing "Dates TBD" clears
 * both). Returns the message for a key set that breaks this, else null.
 */
export function settingsKeysError(keys: readonly string[]): string | null {
  const unknown = keys.find((k) => !isEventSettingsField(k));
  if (unknown !== undefined) return unknownFieldMessage('body', unknown);
  if (keys.length === 1) return null;
  if (keys.length === 2 && keys.includes('startDate') && keys.includes('endDate')) return null;
  return SETTINGS_KEYS_MESSAGE;
}

/**
 * The event's own banner folder: `events/{eventId}/banner/{file}`, one segment, not `.`/`..`
 * (the same pattern as firestore.rules' isValidBannerSettings and storage.rules' banner match).
 */
export function isBannerObjectPath(eventId: string, path: string): boolean {
  const folder = `events/${eventId}/banner/`;
  if (!path.startsWith(folder)) return false;
  const file = path.slice(folder.length);
  return file !== '' && file !== '.' && file !== '..' && !file.includes('/');
}

/** ISO-8601 UTC instants compare as time; null (TBD) never conflicts. */
function endsBeforeStart(start: string | null, end: string | null): boolean {
  return start !== null && end !== null && Date.parse(end) < Date.parse(start);
}

/**
 * The checks that need the stored event besides the new values: the end date may not precede
 * the start date once the write is applied, and a banner image lies in the event's own folder.
 * `patch` holds values already valid per field. Returns the message, else null.
 */
export function settingsPatchError(
  eventId: string,
  patch: EventSettingsPatch,
  stored: Pick<Event, 'startDate' | 'endDate'>,
): string | null {
  const start = patch.startDate !== undefined ? patch.startDate : stored.startDate;
  const end = patch.endDate !== undefined ? patch.endDate : stored.endDate;
  if (
    (patch.startDate !== undefined || patch.endDate !== undefined) &&
    endsBeforeStart(start, end)
  ) {
    return MESSAGES.endBeforeStart;
  }
  const image = patch.bannerSettings?.customBannerImage;
  if (typeof image === 'string' && !isBannerObjectPath(eventId, image)) {
    return `customBannerImage must be a file under events/${eventId}/banner/`;
  }
  return null;
}

/**
 * A settings write as its body says it: the key set first (`settingsKeysError`), then each
 * value with its field's shared schema and JSON type.
 */
export function parseEventSettingsPatch(body: unknown): ParseResult<EventSettingsPatch> {
  if (!isJsonObject(body)) return { ok: false, errors: [BODY_MESSAGES.notObject] };
  const keys = Object.keys(body);
  const keysProblem = settingsKeysError(keys);
  if (keysProblem) return { ok: false, errors: [keysProblem] };
  const patch: EventSettingsPatch = {};
  for (const key of keys) {
    if (!isEventSettingsField(key)) continue;
    const parsed = parseJson(eventUpdateFieldSchemas[key], body[key], key);
    if (!parsed.ok) return parsed;
    const value: unknown = parsed.value;
    Object.assign(patch, { [key]: value ?? null });
  }
  return { ok: true, value: patch };
}
