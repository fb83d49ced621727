// "Delete my account" (docs/product.md, "Your data"; docs/data-model.md, "Deleting an account"):
// what deleting would do, and the job that does it. The job document `accountDeletions/{uid}`
// holds the person's choices and the steps done; from its creation on the person can neither
// create nor join an event, and signing in writes nothing, so the steps cannot miss anything
// written meanwhile. Every step is idempotent: a run that failed is finished by running again.
import { Timestamp } from 'firebase-admin/firestore';
import { error as logError } from 'firebase-functions/logger';
import {
  ACCOUNT_DELETION_MESSAGES,
  ACCOUNT_DELETION_STEPS,
  choicesError,
  type AccountDataCounts,
  type AccountDeletionPreview,
  type AccountDeletionStep,
  type CreatedEventInfo,
  type EventChoice,
} from '@gatherly/domain/account-deletion';
import type { Caller } from '../caller.ts';
import type { AccountDeletionRecord } from '../db.ts';
import { db, store } from '../firebase.ts';
import { HttpError, badRequest } from '../http.ts';
import type { LinkContext } from '../mail/params.ts';
import { countOf, photosUploadedBy, sumOf } from '../tiers.ts';
import {
  anonymiseAuthored,
  deleteAnswers,
  deleteDownloads,
  deleteInvitations,
  deleteMail,
  deletePhotos,
  deleteProfile,
  deleteSignIn,
  deleteTravel,
  deleteVotes,
  leaveEvents,
  leftovers,
  settleCreatedEvents,
  sweepUploads,
  type Person,
} from './account-cascade.ts';

/** Most admins offered to take one event over (the dialog lists them). */
const MAX_CANDIDATES = 50;

/** The events the person created and still owns, each with who could take it over. */
async function createdEvents(uid: string): Promise<CreatedEventInfo[]> {
  const s = store();
  const snap = await s.events.where('createdBy', '==', uid).get();
  const events = snap.docs.filter((d) => !d.data().deleting);
  return Promise.all(
    events.map(async (doc) => {
      const [stats, admins] = await Promise.all([
        s.stats.members(doc.id).get(),
        s.members(doc.id).where('role', '==', 'admin').limit(MAX_CANDIDATES).get(),
      ]);
      return {
        id: doc.id,
        name: doc.data().name,
        memberCount: stats.data()?.total ?? (await countOf(s.members(doc.id))),
        admins: admins.docs
          .map((m) => ({
            userId: m.data().userId,
            displayName: m.data().user.displayName,
            email: m.data().user.email,
          }))
          .sort((a, b) => a.displayName.localeCompare(b.displayName)),
      };
    }),
  );
}

/** How much of each kind is stored about the person: aggregation queries, O(1) each. */
async function dataCounts(uid: string): Promise<AccountDataCounts> {
  const s = store();
  const [memberships, created, photos, photoBytes, votes, rsvps, answers, flights] =
    await Promise.all([
      countOf(s.groups.members().where('userId', '==', uid)),
      countOf(s.events.where('createdBy', '==', uid)),
      countOf(photosUploadedBy(uid)),
      sumOf(photosUploadedBy(uid), 'size'),
      countOf(s.groups.votes().where('userId', '==', uid)),
      countOf(s.groups.rsvps().where('userId', '==', uid)),
      countOf(s.groups.guestAnswers().where('userId', '==', uid)),
      countOf(s.groups.flights().where('userId', '==', uid)),
    ]);
  const [carpoolsDriven, carpoolSeats, pendingInvitationsSent, announcements] = await Promise.all([
    countOf(s.groups.carpools().where('driverId', '==', uid)),
    countOf(s.groups.carpools().where('passengerIds', 'array-contains', uid)),
    countOf(
      s.groups.invitations().where('invitedByUserId', '==', uid).where('status', '==', 'pending'),
    ),
    countOf(s.groups.announcements().where('authorId', '==', uid)),
  ]);
  return {
    memberships: Math.max(0, memberships - created),
    photos,
    photoBytes,
    votes,
    rsvps,
    answers,
    flights,
    carpoolsDriven,
    carpoolSeats,
    pendingInvitationsSent,
    announcements,
  };
}

/** GET /api/user/account-deletion */
export async function previewAccountDeletion(caller: Caller): Promise<AccountDeletionPreview> {
  const [createdList, counts, job] = await Promise.all([
    createdEvents(caller.uid),
    dataCounts(caller.uid),
    store().accountDeletion(caller.uid).get(),
  ]);
  const running = job.data();
  return {
    createdEvents: createdList,
    counts,
    pending:
      running?.status === 'running'
        ? {
            startedAt: running.startedAt.toDate().toISOString(),
            lastError: running.lastError,
            choices: running.choices,
          }
        : null,
  };
}

/** Test seam: runs after each step (a test makes a step fail to prove the run resumes). */
export type AfterStep = (step: AccountDeletionStep) => void | Promise<void>;

/**
 * Starts (or resumes) deleting the caller's account and runs it to the end. `choices` says what
 * becomes of each event they still own; a resumed run keeps the choices of events already
 * handled and takes new ones for the rest. A failure leaves the job running and answers 503;
 * running again finishes it.
 */
export async function deleteAccount(
  caller: Caller,
  choices: EventChoice[],
  links: () => LinkContext,
  afterStep?: AfterStep,
): Promise<void> {
  const s = store();
  const owned = await createdEvents(caller.uid);
  const job = await db().runTransaction(async (tx) => {
    const ref = s.accountDeletion(caller.uid);
    const stored = (await tx.get(ref)).data();
    const running = stored?.status === 'running' ? stored : null;
    // Choices for events already handled stay as they were; the request decides the rest.
    const handled = (running?.choices ?? []).filter((c) => !owned.some((e) => e.id === c.eventId));
    const fresh = choices.filter((c) => !handled.some((h) => h.eventId === c.eventId));
    const problem = choicesError(owned, fresh);
    if (problem) throw badRequest(problem);
    const now = Timestamp.now();
    const next: AccountDeletionRecord = {
      id: caller.uid,
      userId: caller.uid,
      status: 'running',
      email: running?.email ?? caller.email,
      choices: [...handled, ...fresh],
      steps: running?.steps ?? [],
      eventIds: running?.eventIds ?? [],
      attempts: (running?.attempts ?? 0) + 1,
      lastError: null,
      startedAt: running?.startedAt ?? now,
      updatedAt: now,
      completedAt: null,
    };
    tx.set(ref, next);
    return next;
  });
  try {
    await runSteps(job, links, afterStep);
  } catch (err) {
    const message = err instanceof HttpError ? err.message : ACCOUNT_DELETION_MESSAGES.failed;
    if (!(err instanceof HttpError)) logError('Deleting an account failed part-way', err);
    await s
      .accountDeletion(caller.uid)
      .update({ lastError: message, updatedAt: Timestamp.now() })
      .catch((e: unknown) => logError('Recording the failure of an account deletion failed', e));
    if (err instanceof HttpError) throw err;
    throw new HttpError(503, ACCOUNT_DELETION_MESSAGES.failed);
  }
}

async function runSteps(
  job: AccountDeletionRecord,
  links: () => LinkContext,
  afterStep: AfterStep | undefined,
): Promise<void> {
  const ref = store().accountDeletion(job.userId);
  const person: Person = { uid: job.userId, email: job.email ?? '', links };
  const done = new Set(job.steps);
  const eventIds = new Set(job.eventIds);
  const run: Record<AccountDeletionStep, () => Promise<void>> = {
    events: () => settleCreatedEvents(person.uid, job.choices),
    memberships: async () => {
      for (const id of await leaveEvents(person)) eventIds.add(id);
    },
    photos: async () => {
      for (const id of await deletePhotos(person.uid)) eventIds.add(id);
    },
    votes: () => deleteVotes(person.uid),
    travel: () => deleteTravel(person.uid),
    answers: () => deleteAnswers(person.uid),
    invitations: () => deleteInvitations(person.uid, person.email),
    authored: () => anonymiseAuthored(person.uid),
    downloads: () => deleteDownloads(person.uid),
    mail: () => deleteMail(person.email),
    profile: () => deleteProfile(person.uid),
    verify: async () => {
      // An upload that passed its rules check just before the membership went lands late.
      for (const id of eventIds) await sweepUploads(id, person.uid);
      const left = await leftovers(person, [...eventIds]);
      if (left.length > 0) throw new Error(`Still stored after deletion: ${left.join(', ')}`);
    },
    auth: () => deleteSignIn(person.uid),
  };
  for (const step of ACCOUNT_DELETION_STEPS) {
    // The check always runs again: it is what proves the steps before it.
    if (done.has(step) && step !== 'verify') continue;
    await run[step]();
    done.add(step);
    await ref.update({
      steps: [...done],
      eventIds: [...eventIds],
      updatedAt: Timestamp.now(),
    });
    await afterStep?.(step);
  }
  // Done: the record keeps that the account was deleted, and nothing else about the person.
  await ref.update({
    status: 'done',
    email: null,
    choices: [],
    eventIds: [],
    lastError: null,
    completedAt: Timestamp.now(),
    updatedAt: Timestamp.now(),
  });
}
