/**
 * Who can get an event's e-mail: its current members with their addresses, and their e-mail
 * preferences. Removed members have no member document, so they are never read.
 */
import type { EmailPreferences } from '@gatherly/domain/entities/users';
import { isMemberRole } from '@gatherly/domain/roles';
import { readAll } from '../access.ts';
import { store } from '../firebase.ts';

export interface MailMember {
  userId: string;
  email: string;
  displayName: string;
  /** What decides which schedule items they see (domain/src/groups.ts, `seesItem`). */
  role: string;
  groupIds: string[];
}

export async function eventMembers(eventId: string): Promise<MailMember[]> {
  const snap = await store().members(eventId).get();
  return snap.docs
    .map((d) => d.data())
    .filter((m) => isMemberRole(m.role))
    .map((m) => ({
      userId: m.userId || m.id,
      email: m.user.email.trim(),
      displayName: m.user.displayName,
      role: m.role,
      groupIds: m.groupIds ?? [],
    }));
}

/** Users read per round trip. */
const CHUNK = 300;

/** Each person's e-mail preferences (absent: nothing turned off). */
export async function emailPreferences(
  userIds: readonly string[],
): Promise<Map<string, EmailPreferences | undefined>> {
  const out = new Map<string, EmailPreferences | undefined>();
  const unique = [...new Set(userIds)];
  for (let i = 0; i < unique.length; i += CHUNK) {
    const snaps = await readAll(unique.slice(i, i + CHUNK).map((uid) => store().user(uid)));
    for (const snap of snaps) out.set(snap.id, snap.data()?.emailPreferences);
  }
  return out;
}
