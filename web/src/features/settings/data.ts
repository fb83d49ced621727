// Settings writes go straight to the event document: the rules accept one field (or the whole
// themeColors object, or the start/end pair) per update from admins and the creator.
import { updateDoc, type Firestore } from 'firebase/firestore';
import type { ReminderSettings, ThemeColors } from '@gatherly/domain/entities/events';
import { API } from '@gatherly/domain/api/endpoints';
import type { GuestQuestion } from '@gatherly/domain/rsvp-options';
import { callApi } from '../../lib/api-client.ts';
import { eventRef } from '../../lib/db/refs.ts';

export type TextSettingsField = 'name' | 'description' | 'location' | 'customLogo';

export function saveTextField(
  db: Firestore,
  eventId: string,
  field: TextSettingsField,
  value: string,
) {
  return updateDoc(eventRef(db, eventId), { [field]: value });
}

export function saveDate(
  db: Firestore,
  eventId: string,
  field: 'startDate' | 'endDate',
  iso: string,
) {
  return updateDoc(eventRef(db, eventId), { [field]: iso });
}

/**
 * The event's zone: every stored instant stays as it is and is shown in the new zone's
 * wall-clock time (docs/data-model.md, "Time").
 */
export function saveTimeZone(db: Firestore, eventId: string, timeZone: string) {
  return updateDoc(eventRef(db, eventId), { timeZone });
}

/** Dates TBD: both dates cleared in one write. */
export function clearDates(db: Firestore, eventId: string) {
  return updateDoc(eventRef(db, eventId), { startDate: null, endDate: null });
}

export function saveThemeColors(db: Firestore, eventId: string, colors: ThemeColors) {
  return updateDoc(eventRef(db, eventId), { themeColors: colors });
}

/** "Guests can see who's going" (rules: isValidSettingsWrite). */
export function saveGuestsSeeWhoIsGoing(db: Firestore, eventId: string, on: boolean) {
  return updateDoc(eventRef(db, eventId), { guestsSeeWhoIsGoing: on });
}

/** The reminder e-mails (docs/data-model.md, "E-mail"): both fields in one write, as the rules require. */
export function saveReminderSettings(db: Firestore, eventId: string, settings: ReminderSettings) {
  return updateDoc(eventRef(db, eventId), { reminderSettings: settings });
}

/** How many guests each member may bring (rules: isValidSettingsWrite, 0 to 10). */
export function savePlusOnesAllowed(db: Firestore, eventId: string, plusOnesAllowed: number) {
  return updateDoc(eventRef(db, eventId), { plusOnesAllowed });
}

/**
 * The host's questions, the whole list: through the API (the rules refuse the direct write),
 * which answers with them as stored (trimmed).
 */
export async function saveGuestQuestions(
  eventId: string,
  questions: GuestQuestion[],
): Promise<GuestQuestion[]> {
  const res = await callApi(API.setQuestions, { params: { eventId }, body: { questions } });
  return res.questions;
}
