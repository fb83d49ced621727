/**
 * "Delete my account" (docs/product.md, "Your data"): what happens to each kind of data, the
 * choice per event the person created (hand it to one of its admins, or delete it), the request
 * and the job that carries it out. Pure: shapes, messages and the checks of a request against
 * what the person created.
 */
import * as yup from 'yup';
import type { PersonSummary } from './entities/common.ts';

/** Shown instead of the name of a person whose account was deleted, where their words stay. */
export const FORMER_MEMBER: PersonSummary = { displayName: 'Former member', photoURL: '' };

export const ACCOUNT_DELETION_MESSAGES = {
  chooseEvery: (name: string) => `Choose what happens to “${name}”: hand it over or delete it`,
  notYours: 'You can only choose for events you created',
  notAnAdmin: (name: string) =>
    `The person you chose is no longer an admin of “${name}”. Please choose again.`,
  underWay:
    'Your account is being deleted. Open your profile to finish deleting it, or wait a moment.',
  failed:
    'Your account could not be fully deleted right now. Nothing else was changed: please try again to finish.',
  chooseAction: 'Choose to hand the event over or delete it',
} as const;

/** What becomes of one event the person created. */
export type EventChoice =
  { eventId: string; action: 'delete' } | { eventId: string; action: 'transfer'; toUserId: string };

/** POST /api/user/account-deletion */
export interface AccountDeletionRequest {
  events: EventChoice[];
}

export const accountDeletionRequestSchema = yup
  .object({
    events: yup
      .array(
        yup
          .object({
            eventId: yup.string().strict().required().max(200),
            action: yup
              .string()
              .strict()
              .oneOf(['delete', 'transfer'] as const, ACCOUNT_DELETION_MESSAGES.chooseAction)
              .required(ACCOUNT_DELETION_MESSAGES.chooseAction),
            toUserId: yup
              .string()
              .strict()
              .max(200)
              .when('action', {
                is: 'transfer',
                then: (s) => s.required('Choose the admin who takes the event over'),
                otherwise: (s) => s.strip(),
              }),
          })
          .noUnknown('Unknown field: ${unknown}'),
      )
      .strict()
      .max(1000)
      .required('events must list a choice for each event you created'),
  })
  .noUnknown('Unknown field: ${unknown}');

/** The choices of a request as the schema parsed them. */
export function eventChoices(
  rows: readonly {
    eventId: string;
    action: 'delete' | 'transfer';
    toUserId?: string | undefined;
  }[],
): EventChoice[] {
  return rows.map((row) =>
    row.action === 'transfer'
      ? { eventId: row.eventId, action: 'transfer', toUserId: row.toUserId ?? '' }
      : { eventId: row.eventId, action: 'delete' },
  );
}

/** An admin who can take an event over. */
export interface TransferCandidate {
  userId: string;
  displayName: string;
  email: string;
}

/** An event the person created, with who could take it over (none: delete is the only choice). */
export interface CreatedEventInfo {
  id: string;
  name: string;
  memberCount: number;
  admins: TransferCandidate[];
}

/** How much of each kind the person has stored (all their events, current and past). */
export interface AccountDataCounts {
  /** Events they belong to but did not create. */
  memberships: number;
  photos: number;
  photoBytes: number;
  votes: number;
  rsvps: number;
  /** Events where they answered the host's questions. */
  answers: number;
  flights: number;
  carpoolsDriven: number;
  carpoolSeats: number;
  /** Invitations they sent that nobody has accepted yet. */
  pendingInvitationsSent: number;
  announcements: number;
}

export type AccountDeletionStatus = 'running' | 'done';

/** GET /api/user/account-deletion: what deleting would do, and a deletion already under way. */
export interface AccountDeletionPreview {
  createdEvents: CreatedEventInfo[];
  counts: AccountDataCounts;
  /** A deletion that started and has not finished (it failed part-way): finish it. */
  pending: { startedAt: string; lastError: string | null; choices: EventChoice[] } | null;
}

/**
 * The steps of a deletion, in order. Each is idempotent (it deletes or moves what is still
 * there), so a run that failed part-way is finished by running again.
 */
export const ACCOUNT_DELETION_STEPS = [
  'events',
  'memberships',
  'photos',
  'votes',
  'travel',
  'answers',
  'invitations',
  'authored',
  'downloads',
  'mail',
  'profile',
  'verify',
  'auth',
] as const;
export type AccountDeletionStep = (typeof ACCOUNT_DELETION_STEPS)[number];

/**
 * accountDeletions/{uid}: the job (server only). Holds the choices and the e-mail address until
 * it is done, then only the uid, the steps and the times: the record that the account was
 * deleted, with nothing else about the person.
 */
export interface AccountDeletion<Time> {
  id: string;
  userId: string;
  status: AccountDeletionStatus;
  /** Kept while running: mail to this address is deleted after the profile is. */
  email: string | null;
  choices: EventChoice[];
  steps: AccountDeletionStep[];
  /** Events the person had files in: their upload folders are swept again before the end. */
  eventIds: string[];
  attempts: number;
  lastError: string | null;
  startedAt: Time;
  updatedAt: Time;
  completedAt: Time | null;
}

/**
 * The first problem with `choices` for the events the person created, or null: every event
 * needs exactly one choice, and a hand-over goes to one of that event's admins.
 */
export function choicesError(
  created: readonly CreatedEventInfo[],
  choices: readonly EventChoice[],
): string | null {
  const byId = new Map(created.map((e) => [e.id, e]));
  for (const choice of choices) {
    const event = byId.get(choice.eventId);
    if (!event) return ACCOUNT_DELETION_MESSAGES.notYours;
    if (choice.action === 'transfer' && !event.admins.some((a) => a.userId === choice.toUserId)) {
      return ACCOUNT_DELETION_MESSAGES.notAnAdmin(event.name);
    }
  }
  const chosen = new Set(choices.map((c) => c.eventId));
  const missing = created.find((e) => !chosen.has(e.id));
  return missing ? ACCOUNT_DELETION_MESSAGES.chooseEvery(missing.name) : null;
}

/** The sentences the profile shows before the person confirms (one per kind they have). */
export function deletionConsequences(counts: AccountDataCounts): string[] {
  const n = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;
  const lines: string[] = [];
  if (counts.memberships > 0)
    lines.push(
      `You leave ${n(counts.memberships, 'event', 'events')} you were invited to; the hosts see you gone from the guest list.`,
    );
  if (counts.photos > 0)
    lines.push(
      `${n(counts.photos, 'photo', 'photos')} you uploaded ${counts.photos === 1 ? 'is' : 'are'} deleted, with ${counts.photos === 1 ? 'its' : 'their'} votes. Download your data first to keep a copy.`,
    );
  if (counts.votes > 0)
    lines.push(`Your ${n(counts.votes, 'vote', 'votes')} on other people's photos are taken back.`);
  if (counts.rsvps > 0 || counts.answers > 0)
    lines.push(
      'Your RSVPs and answers to hosts\u2019 questions are deleted; spots you held go to people on the waitlist.',
    );
  if (counts.flights > 0)
    lines.push(`${n(counts.flights, 'flight', 'flights')} you added are deleted.`);
  if (counts.carpoolsDriven > 0)
    lines.push(
      `${n(counts.carpoolsDriven, 'carpool', 'carpools')} you drive ${counts.carpoolsDriven === 1 ? 'is' : 'are'} cancelled; ${counts.carpoolsDriven === 1 ? 'its' : 'their'} riders see it disappear.`,
    );
  if (counts.carpoolSeats > 0)
    lines.push(
      `Your ${n(counts.carpoolSeats, 'seat', 'seats')} in other people's carpools ${counts.carpoolSeats === 1 ? 'is' : 'are'} freed.`,
    );
  if (counts.pendingInvitationsSent > 0)
    lines.push(
      `${n(counts.pendingInvitationsSent, 'invitation', 'invitations')} you sent that nobody accepted yet stop working.`,
    );
  if (counts.announcements > 0)
    lines.push(
      `${n(counts.announcements, 'announcement', 'announcements')} you sent ${counts.announcements === 1 ? 'stays' : 'stay'} in the events’ activity, signed “${FORMER_MEMBER.displayName}”.`,
    );
  lines.push(
    'Your profile, e-mail preferences and sign-in are deleted. You can sign up again later, but nothing comes back.',
  );
  return lines;
}
