/**
 * docs/data-model.md's field lists are the server converters' stored fields
 * (functions/src/db.ts, `STORED_FIELDS`): every converter has its row, and each row names exactly
 * the fields the converter stores (top-level names; what follows a name in parentheses or braces
 * is its description). `id` is listed only where the document stores it.
 */
import { describe, expect, it } from 'vitest';
import { STORED_FIELDS } from '../../functions/src/db.ts';
import { readRepoFile, tableRows } from './markdown.ts';

/** The documented path of each converter's documents. */
const PATHS: Record<string, string> = {
  user: 'users/{uid}',
  event: 'events/{eventId}',
  member: 'events/{e}/members/{uid}',
  invitation: 'events/{e}/invitations/{invitationId}',
  invitationToken: 'invitationTokens/{token}',
  invitationLog: 'invitationLog/{id}',
  mail: 'mail/{id}',
  photo: 'events/{e}/photos/{photoId}',
  vote: 'events/{e}/photos/{p}/votes/{uid}',
  flight: 'events/{e}/flights/{flightId}',
  carpool: 'events/{e}/carpools/{carpoolId}',
  passenger: 'events/{e}/carpools/{c}/passengers/{uid}',
  scheduleItem: 'events/{e}/schedule/{itemId}',
  rsvp: 'events/{e}/schedule/{s}/rsvps/{uid}',
  rsvpCountShard: 'events/{e}/schedule/{s}/rsvpCountShards/{k}',
  rsvpsByUser: 'events/{e}/rsvpsByUser/{uid}',
  guestAnswers: 'events/{e}/guestAnswers/{uid}',
  roleChange: 'events/{e}/roleChanges/{id}',
  memberStats: 'events/{e}/stats/members',
  photoStats: 'events/{e}/stats/photos',
  photoShard: 'events/{e}/stats/photos-{k}',
  travelStats: 'events/{e}/stats/travel',
  activity: 'events/{e}/activity/{kind}:{subjectId}',
  announcement: 'events/{e}/announcements/{id}',
  reminderRun: 'events/{e}/reminderRuns/{kind:key}',
  photoArchive: 'events/{e}/photoArchives/{id}',
  signInLink: 'signInLinks/{sha256(token)}',
  signInLimit: 'signInLimits/{sha256(email)}',
  joinLink: 'joinLinks/{secret}',
  wallLink: 'wallLinks/{sha256(secret)}',
  joinRequest: 'events/{e}/joinRequests/{uid}',
  accountDeletion: 'accountDeletions/{uid}',
  dataExport: 'dataExports/{id}',
  group: 'events/{e}/groups/{groupId}',
  seatingChart: 'events/{e}/seatingCharts/{scheduleId}',
  seatingTable: 'events/{e}/seatingCharts/{s}/tables/{tableId}',
  seatingPlacement: 'events/{e}/seatingCharts/{s}/placements/{uid}',
  poll: 'events/{e}/polls/{pollId}',
  pollBallot: 'events/{e}/polls/{p}/ballots/{uid}',
  pollTally: 'events/{e}/polls/{p}/tallies/{k}',
};

/**
 * Seeded tier documents: their row points at docs/product.md's table of limits and features
 * rather than naming eighteen fields (domain/test/tiers.test.ts checks those values).
 */
const DESCRIBED_ELSEWHERE = new Set(['tier']);

/** Top-level names of a Fields cell: `a, b (note, more), c {x, y}` → a, b, c. */
export function fieldNames(cell: string): string[] {
  let flat = cell.replace(/\\\|/g, '|');
  // Remove nested (…), {…}, […] and quoted text from the inside out.
  for (let before = ''; before !== flat;) {
    before = flat;
    flat = flat.replace(/\([^()]*\)|\{[^{}]*\}|\[[^[\]]*\]|"[^"]*"|'[^']*'/g, '');
  }
  return flat
    .split(/[,;:]/)
    .map((part) => /^\s*`?([A-Za-z_]\w*)`?\s*$/.exec(part)?.[1])
    .filter((name): name is string => name !== undefined);
}

/** Path → Fields cell, from every table of docs/data-model.md whose first cell is a path. */
function documentedRows(): Map<string, string> {
  const rows = new Map<string, string>();
  for (const [path, fields] of tableRows(readRepoFile('docs/data-model.md'))) {
    const m = /^`([^`]+)`(?:\s*\([^)]*\))?$/.exec(path ?? '');
    if (m && fields !== undefined) rows.set(m[1]!.replace(/\\\|/g, '|'), fields);
  }
  return rows;
}

describe('docs/data-model.md, "Collections"', () => {
  const rows = documentedRows();

  it('names a path for every converter of functions/src/db.ts', () => {
    const converters = [...STORED_FIELDS.keys()].filter((n) => !DESCRIBED_ELSEWHERE.has(n));
    expect(converters.filter((name) => !PATHS[name]).sort()).toEqual([]);
    expect(Object.values(PATHS).filter((path) => !rows.has(path))).toEqual([]);
  });

  it.each(Object.entries(PATHS))('%s: the fields listed are the fields stored', (name, path) => {
    const stored = STORED_FIELDS.get(name);
    expect(stored, `functions/src/db.ts has no "${name}" converter`).toBeDefined();
    const expected = [...(stored!.storesId ? ['id'] : []), ...stored!.fields].sort();
    expect(fieldNames(rows.get(path) ?? '').sort(), path).toEqual(expected);
  });

  it('reads a Fields cell by its top-level names', () => {
    expect(
      fieldNames("id, user {displayName, photoURL}, status ('a' \\| 'b'), party [{x, y}], at"),
    ).toEqual(['id', 'user', 'status', 'party', 'at']);
  });
});
