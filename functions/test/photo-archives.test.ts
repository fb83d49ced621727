import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { Timestamp } from 'firebase-admin/firestore';
import { fromBuffer, type Entry } from 'yauzl';
import { PHOTO_ARCHIVE_MESSAGES } from '@gatherly/domain/photo-archive';
import { startStack, type Stack, type TestUser } from './harness.ts';
import { bucket } from '../src/firebase.ts';
import { createEvent, eventWithRoles, putObject } from './fixtures.ts';

let stack: Stack;
beforeAll(async () => {
  stack = await startStack({ authEmulatorHost: inject('authEmulatorHost') });
});
afterAll(async () => {
  await stack?.stop();
});

type Body = Record<string, unknown> & { error?: string };
interface Archive {
  url: string;
  fileName: string;
  photoCount: number;
}

/** Uploads an object of `bytes` bytes and records it as a photo; returns the photo id. */
async function addPhoto(eventId: string, who: TestUser, name: string, bytes: number) {
  const path = `uploads/${eventId}/photos/${who.uid}/${name}`;
  const thumb = `uploads/${eventId}/thumbs/${who.uid}/${name}`;
  await putObject(path, bytes);
  await putObject(thumb, 10);
  const res = await stack.call<{ photo: Body }>('POST', `/api/events/${eventId}/photos`, {
    as: who,
    body: { filename: name, objectPath: path, thumbPath: thumb, caption: '' },
  });
  expect(res.status).toBe(201);
  return res.body.photo.id as string;
}

/** The entries of a zip: name → uncompressed size (read with a real unzip library). */
async function entriesOf(zip: Buffer): Promise<Map<string, number>> {
  return new Map([...(await contentsOf(zip))].map(([name, bytes]) => [name, bytes.length]));
}

/** The entries of a zip with their bytes, checked against their CRCs by the unzip library. */
function contentsOf(zip: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    fromBuffer(zip, { lazyEntries: true }, (err, file) => {
      if (err) return reject(err);
      const entries = new Map<string, Buffer>();
      file.on('entry', (entry: Entry) => {
        file.openReadStream(entry, (openErr, stream) => {
          if (openErr) return reject(openErr);
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c));
          stream.on('error', reject);
          stream.on('end', () => {
            entries.set(entry.fileName, Buffer.concat(chunks));
            file.readEntry();
          });
        });
      });
      file.on('end', () => resolve(entries));
      file.on('error', reject);
      file.readEntry();
    });
  });
}

async function download(url: string) {
  const res = await fetch(`${stack.baseUrl}${url}`);
  return { res, bytes: Buffer.from(await res.arrayBuffer()) };
}

describe('download all photos', () => {
  it('a member gets every photo in one streamed zip, newest first, by a link that needs no header', async () => {
    const { eventId, admin, attendee } = await eventWithRoles(stack);
    await addPhoto(eventId, attendee, 'Beach Sunset.jpg', 3000);
    await addPhoto(eventId, admin, 'cake.jpg', 2000);
    await addPhoto(eventId, attendee, 'dance.jpg', 1000);

    const asked = await stack.call<Archive>('POST', `/api/events/${eventId}/photo-archives`, {
      as: attendee,
      body: {},
    });
    expect(asked.status).toBe(201);
    expect(asked.body.photoCount).toBe(3);
    expect(asked.body.url).toMatch(
      new RegExp(`^/api/events/${eventId}/photo-archives/[A-Za-z0-9_-]{24}$`),
    );
    const { res, bytes } = await download(asked.body.url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/zip');
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="${asked.body.fileName}"`,
    );
    expect([...(await entriesOf(bytes))]).toEqual([
      ['00001-dance.jpg', 1000],
      ['00002-cake.jpg', 2000],
      ['00003-beach-sunset.jpg', 3000],
    ]);
    // A link works once: opened again (copied, forwarded), it says so.
    const again = await download(asked.body.url);
    expect(again.res.status).toBe(410);
    expect(again.bytes.toString()).toContain(PHOTO_ARCHIVE_MESSAGES.used);
  });

  it('two requests racing for one link: one download, one 410', async () => {
    const { eventId, attendee } = await eventWithRoles(stack);
    await addPhoto(eventId, attendee, 'a.jpg', 100);
    const asked = await stack.call<Archive>('POST', `/api/events/${eventId}/photo-archives`, {
      as: attendee,
      body: {},
    });
    const both = await Promise.all([download(asked.body.url), download(asked.body.url)]);
    expect(both.map((d) => d.res.status).sort()).toEqual([200, 410]);
  });

  it('admins download a selection; attendees may not; unknown ids drop out', async () => {
    const { eventId, admin, attendee } = await eventWithRoles(stack);
    const a = await addPhoto(eventId, attendee, 'a.jpg', 100);
    await addPhoto(eventId, attendee, 'b.jpg', 200);
    const c = await addPhoto(eventId, admin, 'c.png', 300);
    const path = `/api/events/${eventId}/photo-archives`;
    expect(await stack.call('POST', path, { as: attendee, body: { photoIds: [a] } })).toEqual({
      status: 403,
      body: { error: PHOTO_ARCHIVE_MESSAGES.selectionAdminsOnly },
    });
    const asked = await stack.call<Archive>('POST', path, {
      as: admin,
      body: { photoIds: [c, 'no-such-photo', a, c] },
    });
    expect(asked.status).toBe(201);
    expect(asked.body.photoCount).toBe(2);
    const { bytes } = await download(asked.body.url);
    expect([...(await entriesOf(bytes)).keys()]).toEqual(['00001-c.png', '00002-a.jpg']);
    expect(
      await stack.call('POST', path, { as: admin, body: { photoIds: ['no-such-photo'] } }),
    ).toEqual({ status: 400, body: { error: PHOTO_ARCHIVE_MESSAGES.noPhotos } });
    expect(await stack.call('POST', path, { as: admin, body: { photoIds: [] } })).toEqual({
      status: 400,
      body: { error: PHOTO_ARCHIVE_MESSAGES.selection },
    });
    expect((await stack.call('POST', path, { as: admin, body: { photoIds: [7] } })).status).toBe(
      400,
    );
  });

  it('refuses non-members and empty galleries; links expire, and die with the membership', async () => {
    const { eventId, creator, attendee, outsider } = await eventWithRoles(stack);
    const path = `/api/events/${eventId}/photo-archives`;
    expect(await stack.call('POST', path, { as: attendee, body: {} })).toEqual({
      status: 400,
      body: { error: PHOTO_ARCHIVE_MESSAGES.noPhotos },
    });
    await addPhoto(eventId, attendee, 'a.jpg', 100);
    expect(await stack.call('POST', path, { as: outsider, body: {} })).toEqual({
      status: 404,
      body: { error: 'Event not found' },
    });
    expect((await stack.call('POST', path, { body: {} })).status).toBe(401);

    const asked = await stack.call<Archive>('POST', path, { as: attendee, body: {} });
    const id = asked.body.url.split('/').pop()!;
    // Unknown ids and another event's path answer the same page as a removed member's link.
    const otherEvent = await createEvent(stack, outsider);
    for (const url of [
      `${path}/not-a-real-archive-id-xyz`,
      `/api/events/${otherEvent}/photo-archives/${id}`,
    ]) {
      const { res, bytes } = await download(url);
      expect(res.status).toBe(404);
      expect(res.headers.get('content-type')).toMatch(/^text\/html/);
      expect(bytes.toString()).toContain('This download link is not valid.');
    }
    await stack.store
      .photoArchives(eventId)
      .doc(id)
      .update({ expiresAt: Timestamp.fromMillis(Date.now() - 1000) });
    const expired = await download(asked.body.url);
    expect(expired.res.status).toBe(410);
    expect(expired.bytes.toString()).toContain('This download link has expired.');

    const fresh = await stack.call<Archive>('POST', path, { as: attendee, body: {} });
    expect(
      (
        await stack.call('DELETE', `/api/events/${eventId}/members/${attendee.uid}`, {
          as: creator,
        })
      ).status,
    ).toBe(200);
    expect((await download(fresh.body.url)).res.status).toBe(404);
  });

  it('a photo whose file is missing from Storage is skipped and named in MISSING.txt', async () => {
    const { eventId, admin, attendee } = await eventWithRoles(stack);
    await addPhoto(eventId, attendee, 'first.jpg', 1500);
    const gone = await addPhoto(eventId, attendee, 'gone.jpg', 2500);
    await addPhoto(eventId, admin, 'last.jpg', 500);
    const photo = (await stack.store.photos(eventId).doc(gone).get()).data()!;
    await bucket().file(photo.objectPath).delete();

    const asked = await stack.call<Archive>('POST', `/api/events/${eventId}/photo-archives`, {
      as: attendee,
      body: {},
    });
    const { res, bytes } = await download(asked.body.url);
    expect(res.status).toBe(200);
    const contents = await contentsOf(bytes);
    expect([...contents.keys()]).toEqual(['00001-last.jpg', '00002-first.jpg', 'MISSING.txt']);
    expect(contents.get('00001-last.jpg')?.length).toBe(500);
    const missing = contents.get('MISSING.txt')?.toString('utf8') ?? '';
    expect(missing).toContain('gone.jpg');
    expect(missing).not.toContain('first.jpg');

    // The server is still there for the next request.
    const next = await stack.call<Archive>('POST', `/api/events/${eventId}/photo-archives`, {
      as: attendee,
      body: {},
    });
    expect((await download(next.body.url)).res.status).toBe(200);
  });
});
