// CSV export of the guest list: the only place that reads every member, page by page
// (EXPORT_PAGE at a time, their RSVP answers and, when the event asks questions, their answers
// to them by id), reporting progress; the file is built from the pure rows of
// domain/src/guest-csv.ts.
import {
  documentId,
  getDocs,
  type CollectionReference,
  type DocumentData,
  limit,
  orderBy,
  query,
  startAfter,
  where,
  type Firestore,
  type QueryDocumentSnapshot,
  type QuerySnapshot,
} from 'firebase/firestore';
import {
  csvHeader,
  invitationRow,
  memberRow,
  type CsvItem,
  type CsvQuestion,
} from '@gatherly/domain/guest-csv';
import {
  guestAnswersRef,
  invitationsRef,
  MAX_IN_VALUES,
  membersRef,
  rsvpsByUserRef,
} from '../../lib/db/refs.ts';
import type { InvitationDoc, MemberDoc } from '../../lib/types.ts';

const EXPORT_PAGE = 200;

/** The documents of `ref` with the given ids, MAX_IN_VALUES per `in` query. */
async function byIds<T extends DocumentData>(
  ref: CollectionReference<T, T>,
  ids: readonly string[],
): Promise<Map<string, T>> {
  const found = new Map<string, T>();
  for (let i = 0; i < ids.length; i += MAX_IN_VALUES) {
    const chunk = await getDocs(
      query(ref, where(documentId(), 'in', ids.slice(i, i + MAX_IN_VALUES))),
    );
    chunk.forEach((d) => found.set(d.id, d.data()));
  }
  return found;
}

export async function buildGuestCsv(
  db: Firestore,
  eventId: string,
  items: readonly CsvItem[],
  questions: readonly CsvQuestion[],
  total: number,
  onProgress: (done: number) => void,
): Promise<Blob> {
  const parts: string[] = [csvHeader(items, questions)];
  let after: QueryDocumentSnapshot<MemberDoc, MemberDoc> | null = null;
  let done = 0;
  for (;;) {
    const page = query<MemberDoc, MemberDoc>(
      membersRef(db, eventId),
      orderBy('joinedAt'),
      ...(after ? [startAfter(after)] : []),
      limit(EXPORT_PAGE),
    );
    const snap: QuerySnapshot<MemberDoc, MemberDoc> = await getDocs(page);
    const ids = snap.docs.map((d) => d.id);
    const answers = await byIds(rsvpsByUserRef(db, eventId), ids);
    const replies = questions.length ? await byIds(guestAnswersRef(db, eventId), ids) : null;
    for (const d of snap.docs) {
      const m = d.data();
      const a = answers.get(d.id);
      parts.push(
        memberRow(items, questions, {
          displayName: m.user.displayName,
          email: m.user.email,
          role: m.role,
          joinedAt: m.joinedAt?.toDate().toISOString() ?? '',
          answers: a?.statuses ?? {},
          recordedBy: a?.recordedBy ?? {},
          parties: a?.parties ?? {},
          questionAnswers: replies?.get(d.id)?.answers ?? {},
        }),
      );
    }
    done += snap.size;
    onProgress(Math.min(done, total));
    if (snap.size < EXPORT_PAGE) break;
    after = snap.docs[snap.docs.length - 1] ?? null;
  }
  let invAfter: QueryDocumentSnapshot<InvitationDoc, InvitationDoc> | null = null;
  for (;;) {
    const snap: QuerySnapshot<InvitationDoc, InvitationDoc> = await getDocs(
      query(
        invitationsRef(db, eventId),
        where('status', '==', 'pending'),
        orderBy('invitedAt', 'desc'),
        ...(invAfter ? [startAfter(invAfter)] : []),
        limit(EXPORT_PAGE),
      ),
    );
    snap.forEach((d) => parts.push(invitationRow(items, questions, d.data())));
    if (snap.size < EXPORT_PAGE) break;
    invAfter = snap.docs[snap.docs.length - 1] ?? null;
  }
  return new Blob(parts, { type: 'text/csv;charset=utf-8' });
}
