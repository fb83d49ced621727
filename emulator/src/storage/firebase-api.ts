import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { StorageObjectMeta } from '../rules/index.ts';
import { callerOf, objectMeta, type Caller } from './access.ts';
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
import { firebaseResource, uploadProperties } from './resources.ts';
import type { ObjectProperties, StoredObject } from './store.ts';
import type { UploadSession } from './uploads.ts';

// The Firebase Storage REST API under /v0 as the web SDK (firebase/storage) calls it: every
// request is checked against storage.rules unless it presents a download token or is admin.

export async function handleFirebaseApi(
  ctx: StorageContext,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  bucket: string,
  name: string | null,
): Promise<void> {
  const caller = callerOf(req);
  const method = req.method ?? 'GET';
  if (name === null) {
    if (method === 'GET') return list(ctx, req, res, url, bucket, caller);
    if (method === 'POST') {
      const uploadId = url.searchParams.get('upload_id');
      if (uploadId) return continueUpload(ctx, req, res, uploadId);
      return startUpload(ctx, req, res, url, bucket, caller);
    }
    throw new HttpError(405, `${method} is not supported on /v0/b/${bucket}/o`);
  }
  if (method === 'GET' || method === 'HEAD') {
    if (url.searchParams.get('alt') === 'media')
      return download(ctx, req, res, url, bucket, name, caller);
    return getMetadata(ctx, req, res, bucket, name, caller);
  }
  if (method === 'PATCH') return updateMetadata(ctx, req, res, bucket, name, caller);
  if (method === 'DELETE') return remove(ctx, req, res, bucket, name, caller);
  throw new HttpError(405, `${method} is not supported on a Storage object`);
}

function denied(req: IncomingMessage, res: ServerResponse, reason: string): void {
  sendJson(req, res, 403, { error: { code: 403, message: `Permission denied. ${reason}` } });
}

function notFound(req: IncomingMessage, res: ServerResponse, name: string): void {
  sendJson(req, res, 404, {
    error: { code: 404, message: `Not Found. Could not get object ${name}` },
  });
}

function getMetadata(
  ctx: StorageContext,
  req: IncomingMessage,
  res: ServerResponse,
  bucket: string,
  name: string,
  caller: Caller,
): void {
  const object = ctx.store.get(bucket, name);
  const reason = ctx.rules.deny(caller, {
    method: 'get',
    bucket,
    path: name,
    resource: object && objectMeta(object),
    requestResource: null,
  });
  if (reason) return denied(req, res, reason);
  if (!object) return notFound(req, res, name);
  // Objects written through the Cloud Storage API (functions) have no token yet; like
  // Firebase, mint one when the Firebase API first reads the metadata so getDownloadURL works.
  if (object.downloadTokens.length === 0) object.downloadTokens.push(randomUUID());
  sendJson(req, res, 200, firebaseResource(object));
}

function download(
  ctx: StorageContext,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  bucket: string,
  name: string,
  caller: Caller,
): void {
  const object = ctx.store.get(bucket, name);
  const token = url.searchParams.get('token');
  const tokenOk = object !== null && token !== null && object.downloadTokens.includes(token);
  if (!tokenOk) {
    const reason = ctx.rules.deny(caller, {
      method: 'get',
      bucket,
      path: name,
      resource: object && objectMeta(object),
      requestResource: null,
    });
    if (reason) return denied(req, res, reason);
  }
  if (!object) return notFound(req, res, name);
  sendMedia(req, res, object);
}

async function updateMetadata(
  ctx: StorageContext,
  req: IncomingMessage,
  res: ServerResponse,
  bucket: string,
  name: string,
  caller: Caller,
): Promise<void> {
  const patch = parseJsonObject(await readBody(req));
  const object = ctx.store.get(bucket, name);
  if (!object) {
    const reason = ctx.rules.deny(caller, {
      method: 'update',
      bucket,
      path: name,
      resource: null,
      requestResource: null,
    });
    if (reason) return denied(req, res, reason);
    return notFound(req, res, name);
  }
  const preview = ctx.store.patch(
    { ...object, metadata: { ...object.metadata }, downloadTokens: [...object.downloadTokens] },
    patch,
  );
  const reason = ctx.rules.deny(caller, {
    method: 'update',
    bucket,
    path: name,
    resource: objectMeta(object),
    requestResource: objectMeta(preview),
  });
  if (reason) return denied(req, res, reason);
  ctx.store.patch(object, patch);
  sendJson(req, res, 200, firebaseResource(object));
}

function remove(
  ctx: StorageContext,
  req: IncomingMessage,
  res: ServerResponse,
  bucket: string,
  name: string,
  caller: Caller,
): void {
  const object = ctx.store.get(bucket, name);
  const reason = ctx.rules.deny(caller, {
    method: 'delete',
    bucket,
    path: name,
    resource: object && objectMeta(object),
    requestResource: null,
  });
  if (reason) return denied(req, res, reason);
  if (!object) return notFound(req, res, name);
  ctx.store.delete(bucket, name);
  sendEmpty(req, res, 204);
}

function list(
  ctx: StorageContext,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  bucket: string,
  caller: Caller,
): void {
  const prefix = url.searchParams.get('prefix') ?? '';
  const delimiter = url.searchParams.get('delimiter') ?? undefined;
  const reason = ctx.rules.deny(caller, {
    method: 'list',
    bucket,
    path: prefix.replace(/\/$/, ''),
    resource: null,
    requestResource: null,
  });
  if (reason) return denied(req, res, reason);
  const maxResults = Number(url.searchParams.get('maxResults') ?? '1000');
  const page = ctx.store.list(bucket, {
    prefix,
    ...(delimiter ? { delimiter } : {}),
    ...(url.searchParams.get('pageToken')
      ? { pageToken: url.searchParams.get('pageToken') ?? '' }
      : {}),
    maxResults,
  });
  const body: Record<string, unknown> = {
    prefixes: page.prefixes,
    items: page.items.map((o) => ({ name: o.name, bucket: o.bucket })),
  };
  if (page.nextPageToken) body['nextPageToken'] = page.nextPageToken;
  sendJson(req, res, 200, body);
}

function pendingMeta(
  bucket: string,
  name: string,
  size: number,
  props: ObjectProperties,
): StorageObjectMeta {
  const now = new Date();
  return {
    name,
    bucket,
    size,
    contentType: props.contentType || 'application/octet-stream',
    metadata: props.metadata ?? {},
    timeCreated: now,
    updated: now,
  };
}

/** Rules decision for writing `size` bytes with `props` to bucket/name (create or update). */
function writeDenied(
  ctx: StorageContext,
  caller: Caller,
  bucket: string,
  name: string,
  size: number,
  props: ObjectProperties,
): string | null {
  const existing = ctx.store.get(bucket, name);
  return ctx.rules.deny(caller, {
    method: existing ? 'update' : 'create',
    bucket,
    path: name,
    resource: existing && objectMeta(existing),
    requestResource: pendingMeta(bucket, name, size, props),
  });
}

async function startUpload(
  ctx: StorageContext,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  bucket: string,
  caller: Caller,
): Promise<void> {
  const protocol = (
    header(req, 'x-goog-upload-protocol') ??
    url.searchParams.get('uploadType') ??
    'media'
  ).toLowerCase();
  const body = await readBody(req);
  if (protocol === 'resumable') {
    if ((header(req, 'x-goog-upload-command') ?? 'start').toLowerCase() !== 'start') {
      throw new HttpError(400, 'A resumable upload must begin with X-Goog-Upload-Command: start');
    }
    const json = parseJsonObject(body);
    const name =
      url.searchParams.get('name') ?? (typeof json['name'] === 'string' ? json['name'] : null);
    if (!name) throw new HttpError(400, 'Upload needs an object name (?name=)');
    const props = uploadProperties(json, header(req, 'x-goog-upload-header-content-type'));
    const declared = header(req, 'x-goog-upload-header-content-length');
    const declaredSize = declared !== undefined && declared !== '' ? Number(declared) : null;
    // Deny early with the announced size so a forbidden upload sends no bytes.
    const reason = writeDenied(ctx, caller, bucket, name, declaredSize ?? 0, props);
    if (reason) return denied(req, res, reason);
    const session = ctx.uploads.create({
      api: 'firebase',
      bucket,
      name,
      props,
      declaredSize,
      caller,
      ifGenerationMatch: null,
    });
    const uploadUrl =
      `${baseUrlOf(req)}/v0/b/${encodeURIComponent(bucket)}/o?name=${encodeURIComponent(name)}` +
      `&upload_id=${session.id}&upload_protocol=resumable`;
    return sendEmpty(req, res, 200, {
      'x-goog-upload-status': 'active',
      'x-goog-upload-url': uploadUrl,
      'x-goog-upload-control-url': uploadUrl,
      'x-goog-upload-chunk-granularity': String(256 * 1024),
    });
  }
  let data: Buffer;
  let props: ObjectProperties & { downloadTokens?: string[] };
  let name = url.searchParams.get('name');
  if (protocol === 'multipart') {
    const boundary = boundaryOf(header(req, 'content-type'));
    if (!boundary) throw new HttpError(400, 'Multipart upload without a boundary');
    const parts = parseMultipart(body, boundary);
    const [metaPart, mediaPart] = parts;
    if (!metaPart || !mediaPart)
      throw new HttpError(400, 'Multipart upload needs a metadata part and a media part');
    const json = parseJsonObject(metaPart.body);
    name ??= typeof json['name'] === 'string' ? json['name'] : null;
    props = uploadProperties(json, mediaPart.headers['content-type']);
    data = mediaPart.body;
  } else if (protocol === 'media' || protocol === 'raw') {
    data = body;
    props = uploadProperties({}, header(req, 'content-type'));
  } else {
    throw new HttpError(400, `Unsupported upload protocol ${protocol}`);
  }
  if (!name) throw new HttpError(400, 'Upload needs an object name (?name=)');
  const reason = writeDenied(ctx, caller, bucket, name, data.length, props);
  if (reason) return denied(req, res, reason);
  const object = ctx.store.put(bucket, name, Buffer.from(data), props, true);
  sendJson(req, res, 200, firebaseResource(object));
}

async function continueUpload(
  ctx: StorageContext,
  req: IncomingMessage,
  res: ServerResponse,
  uploadId: string,
): Promise<void> {
  const session = ctx.uploads.get(uploadId);
  const body = await readBody(req);
  if (!session) throw new HttpError(404, `Unknown upload ${uploadId}`);
  const commands = (header(req, 'x-goog-upload-command') ?? '')
    .split(',')
    .map((c) => c.trim().toLowerCase());
  if (commands.includes('cancel')) {
    ctx.uploads.delete(session.id);
    return sendEmpty(req, res, 200, { 'x-goog-upload-status': 'cancelled' });
  }
  if (commands.includes('query')) {
    return sendEmpty(req, res, 200, {
      'x-goog-upload-status': session.result ? 'final' : 'active',
      'x-goog-upload-size-received': String(session.received),
    });
  }
  if (session.result)
    return sendJson(req, res, 200, firebaseResource(session.result), {
      'x-goog-upload-status': 'final',
    });
  if (commands.includes('upload')) {
    const offset = Number(header(req, 'x-goog-upload-offset') ?? session.received);
    try {
      ctx.uploads.append(session, offset, body);
    } catch (err) {
      throw new HttpError(400, (err as Error).message);
    }
  }
  if (!commands.includes('finalize')) {
    return sendEmpty(req, res, 200, {
      'x-goog-upload-status': 'active',
      'x-goog-upload-size-received': String(session.received),
    });
  }
  const result = finalize(ctx, session);
  if (typeof result === 'string') {
    ctx.uploads.delete(session.id);
    return denied(req, res, result);
  }
  sendJson(req, res, 200, firebaseResource(result), { 'x-goog-upload-status': 'final' });
}

/** Stores a completed upload after the size and rules checks; a string is a denial reason. */
function finalize(ctx: StorageContext, session: UploadSession): StoredObject | string {
  if (session.declaredSize !== null && session.declaredSize !== session.received) {
    throw new HttpError(
      400,
      `Upload finished with ${session.received} bytes, ${session.declaredSize} were announced`,
    );
  }
  const reason = writeDenied(
    ctx,
    session.caller,
    session.bucket,
    session.name,
    session.received,
    session.props,
  );
  if (reason) return reason;
  session.result = ctx.store.put(
    session.bucket,
    session.name,
    ctx.uploads.bytes(session),
    session.props,
    true,
  );
  session.chunks = [];
  return session.result;
}
