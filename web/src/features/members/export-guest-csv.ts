// CSV export of the guest list: the only place that reads every member, page by page
// (EXPORT_PAGE at a time, answers by id), reporting progress; the file is built from the
// pure rows of domain/src/guest-csv.ts.
import {
  documentId,
  getDocs,
  limit,
  orderBy,
  query,
  startAfter,
  where,
  type Firestore,
  type QueryDocumentSnapshot,
  type QuerySnapshot,
} from 'firebase/firestore';
import { csvHeader, invitationRow, memberRow, type CsvItem } from '@gatherly/domain/guest-csv';
import { invitationsRef, MAX_IN_VALUES, membersRef, rsvpsByUserRef } from '../../lib/db/refs.ts';
import type { InvitationDoc, MemberDoc, RsvpsByUserDoc } from '../../lib/types.ts';

const EXPORT_PAGE = 200;

export async function buildGuestCsv(
  db: Firestore,
  eventId: string,
  items: readonly CsvItem[],
  total: number,
  onProgress: (done: number) => void,
): Promise<Blob> {
  const parts: string[] = [csvHeader(items)];
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
    const answers = new Map<string, RsvpsByUserDoc>();
    for (let i = 0; i < ids.length; i += MAX_IN_VALUES) {
      const chunk = await getDocs(
        query(
          rsvpsByUserRef(db, eventId),
          where(documentId(), 'in', ids.slice(i, i + MAX_IN_VALUES)),
        ),
      );
      chunk.forEach((d) => answers.set(d.id, d.data()));
    }
    for (const d of snap.docs) {
      const m = d.data();
      const a = answers.get(d.id);
      parts.push(
        memberRow(items, {
          displayName: m.user.displayName,
          email: m.user.email,
          role: m.role,
          joinedAt: m.joinedAt?.toDate().toISOString() ?? '',
          answers: a?.statuses ?? {},
          recordedBy: a?.recordedBy ?? {},
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
    snap.forEach((d) => parts.push(invitationRow(items, d.data())));
    if (snap.size < EXPORT_PAGE) break;
    invAfter = snap.docs[snap.docs.length - 1] ?? null;
  }
  return new Blob(parts, { type: 'text/csv;charset=utf-8' });
}

export function downloadBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
