// The guest list's CSV export (docs/product.md, "Guest list"): built here, not in the browser,
// so the event creator's plan decides it (`exportDataEnabled`) whoever asks. Members are read
// page by page with their RSVP answers and question answers by id, then the pending
// invitations; the file is built whole before it is sent (1,000 members make about 200 KB), so
// a failed read answers an error instead of a cut-off file.
import type { DocumentReference } from 'firebase-admin/firestore';
import {
  csvFileName,
  csvHeader,
  exportNeedsPlanMessage,
  GUEST_LIST_ITEMS,
  invitationRow,
  memberRow,
} from '@gatherly/domain/guest-csv';
import { requirePermission } from '../access.ts';
import type { Caller } from '../caller.ts';
import { store } from '../firebase.ts';
import { forbidden, notFound, type Download } from '../http.ts';
import { GROUP_MESSAGES } from '@gatherly/domain/groups';
import { tierOfUser } from '../tiers.ts';

const PAGE = 300;

/** Documents by reference, read in parallel; absent ones are left out. */
async function byRef<T>(refs: DocumentReference<T>[]): Promise<Map<string, T>> {
  const found = new Map<string, T>();
  for (const snap of await Promise.all(refs.map((ref) => ref.get()))) {
    const data = snap.data();
    if (data) found.set(snap.id, data);
  }
  return found;
}

/** `?group=` of the export: the guest group to export alone (null: everyone). */
export function groupOf(url: string | undefined): string | null {
  const raw = new URL(url ?? '/', 'http://localhost').searchParams.get('group');
  if (raw === null || raw === '') return null;
  if (raw.length > 200 || raw.includes('/')) throw notFound(GROUP_MESSAGES.notFound);
  return raw;
}

/**
 * The guest list as a CSV file (admins, on a plan with data export); with `groupId`, only the
 * members in that guest group and the invitations into it.
 */
export async function guestListCsv(
  caller: Caller,
  eventId: string,
  groupId: string | null = null,
): Promise<Download> {
  const { event } = await requirePermission(caller, eventId, 'viewGuestList');
  const tier = await tierOfUser(event.createdBy);
  if (!tier.exportDataEnabled) {
    const isCreator = caller.uid === event.createdBy;
    throw forbidden(exportNeedsPlanMessage(isCreator ? tier.displayName : null));
  }
  const s = store();
  if (groupId !== null && !(await s.guestGroups(eventId).doc(groupId).get()).exists) {
    throw notFound(GROUP_MESSAGES.notFound);
  }
  const items = (
    await s.schedule(eventId).orderBy('startTime').limit(GUEST_LIST_ITEMS).get()
  ).docs.map((d) => ({ id: d.id, title: d.data().title }));
  const questions = event.questions ?? [];
  const parts = [csvHeader(items, questions)];

  const everyone = s.members(eventId);
  let members = (
    groupId === null ? everyone : everyone.where('groupIds', 'array-contains', groupId)
  )
    .orderBy('joinedAt')
    .limit(PAGE);
  for (;;) {
    const page = await members.get();
    const ids = page.docs.map((d) => d.id);
    const [answers, replies] = await Promise.all([
      byRef(ids.map((id) => s.rsvpsByUser(eventId).doc(id))),
      questions.length ? byRef(ids.map((id) => s.guestAnswers(eventId).doc(id))) : new Map(),
    ]);
    for (const d of page.docs) {
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
          questionAnswers: replies.get(d.id)?.answers ?? {},
        }),
      );
    }
    const last = page.docs.at(-1);
    if (page.size < PAGE || !last) break;
    members = members.startAfter(last);
  }

  let invitations = s
    .invitations(eventId)
    .where('status', '==', 'pending')
    .orderBy('invitedAt', 'desc')
    .limit(PAGE);
  for (;;) {
    const page = await invitations.get();
    for (const d of page.docs) {
      const invitation = d.data();
      if (groupId !== null && !(invitation.groupIds ?? []).includes(groupId)) continue;
      parts.push(invitationRow(items, questions, invitation));
    }
    const last = page.docs.at(-1);
    if (page.size < PAGE || !last) break;
    invitations = invitations.startAfter(last);
  }

  const csv = parts.join('');
  return {
    fileName: csvFileName(event.name),
    contentType: 'text/csv; charset=utf-8',
    write: async (out) => {
      out.end(csv);
    },
  };
}
