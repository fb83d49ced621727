/**
 * Reading who can get an event's e-mail: its current members with their addresses, and their
 * e-mail preferences. Removed members have no member document, so they are never read.
 */
import type { EmailPreferences } from '@gatherly/domain/entities';
import { isMemberRole } from '@gatherly/domain/roles';
import { getAllOf, type MailData } from './data.ts';

export interface MailMember {
  userId: string;
  email: string;
  displayName: string;
}

export async function eventMembers(data: MailData, eventId: string): Promise<MailMember[]> {
  const snap = await data.members(eventId).get();
  return snap.docs
    .map((d) => d.data())
    .filter((m) => isMemberRole(m.role))
    .map((m) => ({
      userId: m.userId || m.id,
      email: typeof m.user?.email === 'string' ? m.user.email.trim() : '',
      displayName: typeof m.user?.displayName === 'string' ? m.user.displayName : '',
    }));
}

const CHUNK = 300;

/** Each person's e-mail preferences (absent: nothing turned off). */
export async function emailPreferences(
  data: MailData,
  userIds: readonly string[],
): Promise<Map<string, EmailPreferences | undefined>> {
  const out = new Map<string, EmailPreferences | undefined>();
  const unique = [...new Set(userIds)];
  for (let i = 0; i < unique.length; i += CHUNK) {
    const refs = unique.slice(i, i + CHUNK).map((uid) => data.user(uid));
    const snaps = await getAllOf(data.firestore, refs);
    for (const snap of snaps) out.set(snap.id, snap.data()?.emailPreferences);
  }
  return out;
}
