import type { IncomingMessage, ServerResponse } from 'node:http';
import type { StorageContext } from './context.ts';
import {
  HttpError,
  baseUrlOf,
  header,
  parseJsonObject,
  readBody,
  sendEmpty,
  sendJson,
} from './http.ts';
import { sendMedia } from './media.ts';
import { boundaryOf, parseMultipart } from './multipart.ts';
import { gcsResource, uploadProperties } from './resources.ts';
import type { StoredObject } from './store.ts';
import type { UploadSession } from './uploads.ts';

// The Cloud Storage JSON API subset @google-cloud/storage (firebase-admin's bucket) uses against
// an emulator: metadata under /b (the client's base URL is the bare emulator host) or
// /storage/v1/b, uploads under /upload/storage/v1/b, media under /download/storage/v1/b.
// Admin traffic: security rules do not apply, as on the official emulator.

const SUPPORTED_PRECONDITIONS = new Set(['ifGenerationMatch', 'ifMetagenerationMatch']);

function checkPreconditions(url: URL, object: StoredObject | null): void {
  for (const key of url.searchParams.keys()) {
    if (key.startsWith('if') && !SUPPORTED_PRECONDITIONS.has(key)) {
      throw new HttpError(501, `Storage emulator: precondition ${key} is not supported`);
    }
  }
  const generation = url.searchParams.get('ifGenerationMatch');
  if (generation !== null) {
    const current = object ? object.generation : '0';
    if (current !== generation) throw new HttpError(412, 'Precondition Failed: ifGenerationMatch');
  }
  const metageneration = url.searchParams.get('ifMetagenerationMatch');
  if (metageneration !== null && (!object || String(object.metageneration) !== metageneration)) {
    throw new HttpError(412, 'Precondition Failed: ifMetagenerationMatch');
  }
}

function notFound(name: string): HttpError {
  return new HttpError(404, `No such object: ${name}`);
}

export async function handleGcsObject(
  ctx: StorageContext,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  bucket: string,
  name: string,
  forceMedia: boolean,
): Promise<void> {
  const method = req.method ?? 'GET';
  const object = ctx.store.get(bucket, name);
  if (method === 'GET' || method === 'HEAD') {
    if (!object) throw notFound(name);
    checkPreconditions(url, object);
    if (forceMedia || url.searchParams.get('alt') === 'media') return sendMedia(req, res, object);
    return sendJson(req, res, 200, gcsResource(object, baseUrlOf(req)));
  }
  if (method === 'DELETE') {
    if (!object) throw notFound(name);
    checkPreconditions(url, object);
    ctx.store.delete(bucket, name);
    return sendEmpty(req, res, 204);
  }
  if (method === 'PATCH' || method === 'PUT') {
    const patch = parseJsonObject(await readBody(req));
    if (!object) throw notFound(name);
    checkPreconditions(url, object);
    ctx.store.patch(object, patch);
    return sendJson(req, res, 200, gcsResource(object, baseUrlOf(req)));
  }
  throw new HttpError(501, `Storage emulator: ${method} on an object is not supported`);
}

export function handleGcsList(
  ctx: StorageContext,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  bucket: string,
): void {
  const delimiter = url.searchParams.get('delimiter');
  const pageToken = url.searchParams.get('pageToken');
  const page = ctx.store.list(bucket, {
    prefix: url.searchParams.get('prefix') ?? '',
    ...(delimiter ? { delimiter } : {}),
    ...(pageToken ? { pageToken } : {}),
    maxResults: Number(url.searchParams.get('maxResults') ?? '1000'),
  });
  const body: Record<string, unknown> = { kind: 'storage#objects' };
  if (page.items.length > 0) body['items'] = page.items.map((o) => gcsResource(o, baseUrlOf(req)));
  if (page.prefixes.length > 0) body['prefixes'] = page.prefixes;
  if (page.nextPageToken) body['nextPageToken'] = page.nextPageToken;
  sendJson(req, res, 200, body);
}

export function handleGcsBucket(req: IncomingMessage, res: ServerResponse, bucket: string): void {
  sendJson(req, res, 200, {
    kind: 'storage#bucket',
    id: bucket,
    name: bucket,
    location: 'US',
    storageClass: 'STANDARD',
    timeCreated: new Date(0).toISOString(),
    updated: new Date(0).toISOString(),
    metageneration: '1',
  });
}

export async function handleGcsUpload(
  ctx: StorageContext,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  bucket: string,
): Promise<void> {
  const method = req.method ?? 'POST';
  const uploadId = url.searchParams.get('upload_id');
  if (uploadId) {
    const session = ctx.uploads.get(uploadId);
    if (method === 'DELETE') {
      ctx.uploads.delete(uploadId);
      return sendEmpty(req, res, 499);
    }
    const body = await readBody(req);
    if (!session) throw new HttpError(404, `Unknown upload ${uploadId}`);
    return continueResumable(ctx, req, res, session, body);
  }
  if (method !== 'POST') throw new HttpError(405, `${method} is not supported for uploads`);
  const uploadType = url.searchParams.get('uploadType') ?? 'media';
  const body = await readBody(req);
  let name = url.searchParams.get('name');
  if (uploadType === 'resumable') {
    const json = parseJsonObject(body);
    name ??= typeof json['name'] === 'string' ? json['name'] : null;
    if (!name) throw new HttpError(400, 'Upload needs an object name');
    checkPreconditions(url, ctx.store.get(bucket, name));
    const declared = header(req, 'x-upload-content-length');
    const session = ctx.uploads.create({
      api: 'gcs',
      bucket,
      name,
      props: uploadProperties(json, header(req, 'x-upload-content-type')),
      declaredSize: declared ? Number(declared) : null,
      caller: 'owner',
      ifGenerationMatch: url.searchParams.get('ifGenerationMatch'),
    });
    const location =
      `${baseUrlOf(req)}/upload/storage/v1/b/${encodeURIComponent(bucket)}/o?uploadType=resumable` +
      `&name=${encodeURIComponent(name)}&upload_id=${session.id}`;
    return sendEmpty(req, res, 200, { location });
  }
  let data: Buffer;
  let json: Record<string, unknown> = {};
  let mediaType = header(req, 'content-type');
  if (uploadType === 'multipart') {
    const boundary = boundaryOf(header(req, 'content-type'));
    if (!boundary) throw new HttpError(400, 'Multipart upload without a boundary');
    const [metaPart, mediaPart] = parseMultipart(body, boundary);
    if (!metaPart || !mediaPart)
      throw new HttpError(400, 'Multipart upload needs a metadata part and a media part');
    json = parseJsonObject(metaPart.body);
    mediaType = mediaPart.headers['content-type'];
    data = mediaPart.body;
  } else if (uploadType === 'media') {
    data = body;
  } else {
    throw new HttpError(501, `Storage emulator: uploadType=${uploadType} is not supported`);
  }
  name ??= typeof json['name'] === 'string' ? json['name'] : null;
  if (!name) throw new HttpError(400, 'Upload needs an object name');
  checkPreconditions(url, ctx.store.get(bucket, name));
  const object = ctx.store.put(
    bucket,
    name,
    Buffer.from(data),
    uploadProperties(json, mediaType),
    false,
  );
  sendJson(req, res, 200, gcsResource(object, baseUrlOf(req)));
}

// A PUT to a resumable session URI. Content-Range forms: "bytes */*" or "bytes */N" (status
// query), "bytes a-b/N|*" (one chunk), "bytes a-*/N|*" (the rest of the object in this body).
function continueResumable(
  ctx: StorageContext,
  req: IncomingMessage,
  res: ServerResponse,
  session: UploadSession,
  body: Buffer,
): void {
  const baseUrl = baseUrlOf(req);
  if (session.result) return sendJson(req, res, 200, gcsResource(session.result, baseUrl));
  const range = (header(req, 'content-range') ?? '').trim();
  const incomplete = (): void => {
    const extra: Record<string, string> = {};
    if (session.received > 0) extra['range'] = `bytes=0-${session.received - 1}`;
    sendEmpty(req, res, 308, extra);
  };
  const query = /^bytes \*\/(\d+|\*)$/.exec(range);
  if (query) {
    if (query[1] !== '*' && Number(query[1]) === session.received) return complete();
    return incomplete();
  }
  const chunk = /^bytes (\d+)-(\d+|\*)\/(\d+|\*)$/.exec(range);
  let total: number | null = session.declaredSize;
  if (chunk) {
    try {
      ctx.uploads.append(session, Number(chunk[1]), body);
    } catch (err) {
      throw new HttpError(400, (err as Error).message);
    }
    if (chunk[3] !== '*') total = Number(chunk[3]);
    // "a-*" means this body carries the rest of the object.
    if (chunk[2] === '*' && total === null) total = session.received;
  } else if (range === '') {
    ctx.uploads.append(session, session.received, body);
    total = session.received;
  } else {
    throw new HttpError(400, `Bad Content-Range ${range}`);
  }
  if (total !== null && session.received >= total) return complete();
  return incomplete();

  function complete(): void {
    if (session.ifGenerationMatch !== null) {
      const current = ctx.store.get(session.bucket, session.name)?.generation ?? '0';
      if (current !== session.ifGenerationMatch)
        throw new HttpError(412, 'Precondition Failed: ifGenerationMatch');
    }
    session.result = ctx.store.put(
      session.bucket,
      session.name,
      ctx.uploads.bytes(session),
      session.props,
      false,
    );
    session.chunks = [];
    sendJson(req, res, 200, gcsResource(session.result, baseUrl));
  }
}
