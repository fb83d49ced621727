import type { DocumentSource, FsDocument } from '../../src/shared/value.ts';

/** Event membership documents that storage.rules read through firestore.get()/exists(). */
export function memberDocs(
  members: Record<string, Record<string, 'creator' | 'admin' | 'attendee'>>,
): DocumentSource {
  const docs = new Map<string, FsDocument>();
  const time = { seconds: 1_700_000_000, nanos: 0 };
  for (const [eventId, roles] of Object.entries(members)) {
    // Memberships belong to an existing event; storage.rules also read the event (its
    // `deleting` mark, docs/data-model.md "Deleting an event").
    const eventPath = `events/${eventId}`;
    docs.set(eventPath, {
      path: eventPath,
      fields: { name: { stringValue: eventId } },
      createTime: time,
      updateTime: time,
    });
    for (const [uid, role] of Object.entries(roles)) {
      const path = `events/${eventId}/members/${uid}`;
      docs.set(path, {
        path,
        fields: {
          role: { stringValue: role },
          userId: { stringValue: uid },
          eventId: { stringValue: eventId },
        },
        createTime: time,
        updateTime: time,
      });
    }
  }
  return { get: (path) => docs.get(path) ?? null };
}

/** A tiny valid PNG (1x1) followed by filler so sizes can be chosen. */
export function pngBytes(size: number): Uint8Array {
  const header = Buffer.from(
    '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201' +
      'a5d8d3b60000000049454e44ae426082',
    'hex',
  );
  const out = new Uint8Array(Math.max(size, header.length));
  out.set(header);
  for (let i = header.length; i < out.length; i++) out[i] = (i * 31 + 7) & 0xff;
  return out;
}
