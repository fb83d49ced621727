// The host's questions, members' answers to them, and plus-one allowances (docs/product.md,
// "Plus-ones, questions and waitlists"). Answers live in `events/{e}/guestAnswers/{uid}`,
// private to the member and the admins (firestore.rules); only these functions and the RSVP
// request write them.
import { Timestamp, type Transaction } from 'firebase-admin/firestore';
import { checkAnswers, type GuestAnswers, type GuestQuestion } from '@gatherly/domain/rsvp-options';
import { isMemberRole } from '@gatherly/domain/roles';
import { MEMBER_NOT_FOUND, requireMember, requirePermission } from '../access.ts';
import type { Caller } from '../caller.ts';
import { store } from '../firebase.ts';
import { badRequest, notFound } from '../http.ts';

/** PUT /api/events/{e}/questions: the whole list (admins). Answers already given stay. */
export async function setQuestions(
  tx: Transaction,
  caller: Caller,
  eventId: string,
  questions: GuestQuestion[],
): Promise<GuestQuestion[]> {
  await requirePermission(caller, eventId, 'editSettings', { tx });
  // Stored exactly as the schema cleaned them (trimmed, 'text' with no options).
  const stored = questions.map(({ id, label, kind, options, required }) => ({
    id,
    label,
    kind,
    options: kind === 'text' ? [] : options,
    required,
  }));
  tx.update(store().event(eventId), { questions: stored });
  return stored;
}

/**
 * PUT /api/events/{e}/answers: a member's own answers, checked against the questions and
 * stored clean. While the member has a Going (or waitlisted) answer, every required question
 * must stay answered.
 */
export async function setOwnAnswers(
  tx: Transaction,
  caller: Caller,
  eventId: string,
  answers: GuestAnswers,
): Promise<GuestAnswers> {
  const { event } = await requireMember(caller, eventId, { tx });
  const map = (await tx.get(store().rsvpsByUser(eventId).doc(caller.uid))).data();
  const attending = Object.values(map?.statuses ?? {}).some(
    (s) => s === 'going' || s === 'waitlisted',
  );
  const checked = checkAnswers(event.questions ?? [], answers, attending);
  if ('error' in checked) throw badRequest(checked.error);
  tx.set(store().guestAnswers(eventId).doc(caller.uid), {
    id: caller.uid,
    eventId,
    userId: caller.uid,
    answers: checked.answers,
    updatedAt: Timestamp.now(),
  });
  return checked.answers;
}

/**
 * PUT /api/events/{e}/members/{uid}/plus-ones (admins): one member's own allowance, or null for
 * the event's. Answers already given keep their parties; the next change must fit.
 */
export async function setMemberPlusOnes(
  tx: Transaction,
  caller: Caller,
  eventId: string,
  targetId: string,
  plusOnesAllowed: number | null,
): Promise<number | null> {
  await requirePermission(caller, eventId, 'editSettings', { tx });
  const ref = store().member(eventId, targetId);
  const target = (await tx.get(ref)).data();
  if (!target || !isMemberRole(target.role)) throw notFound(MEMBER_NOT_FOUND);
  tx.update(ref, { plusOnesAllowed });
  return plusOnesAllowed;
}
