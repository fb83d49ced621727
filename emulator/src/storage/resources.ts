import {
  DOWNLOAD_TOKENS_KEY,
  splitTokens,
  type ObjectProperties,
  type StoredObject,
} from './store.ts';

// The two JSON shapes of an object: the Firebase Storage REST API (web SDK) and the Cloud
// Storage JSON API (firebase-admin's bucket through @google-cloud/storage).

function optional(object: StoredObject): Record<string, string> {
  const out: Record<string, string> = {};
  if (object.cacheControl !== undefined) out['cacheControl'] = object.cacheControl;
  if (object.contentLanguage !== undefined) out['contentLanguage'] = object.contentLanguage;
  return out;
}

function disposition(object: StoredObject): string {
  const base = object.name.slice(object.name.lastIndexOf('/') + 1);
  return object.contentDisposition ?? `inline; filename*=utf-8''${encodeURIComponent(base)}`;
}

export function firebaseResource(object: StoredObject): Record<string, unknown> {
  const resource: Record<string, unknown> = {
    name: object.name,
    bucket: object.bucket,
    generation: object.generation,
    metageneration: String(object.metageneration),
    contentType: object.contentType,
    timeCreated: object.timeCreated.toISOString(),
    updated: object.updated.toISOString(),
    storageClass: 'STANDARD',
    size: String(object.data.length),
    md5Hash: object.md5Hash,
    crc32c: object.crc32c,
    etag: etag(object),
    contentEncoding: object.contentEncoding ?? 'identity',
    contentDisposition: disposition(object),
    downloadTokens: object.downloadTokens.join(','),
    ...optional(object),
  };
  if (Object.keys(object.metadata).length > 0) resource['metadata'] = { ...object.metadata };
  return resource;
}

export function gcsResource(object: StoredObject, baseUrl: string): Record<string, unknown> {
  const encoded = encodeURIComponent(object.name);
  const metadata: Record<string, string> = { ...object.metadata };
  if (object.downloadTokens.length > 0)
    metadata[DOWNLOAD_TOKENS_KEY] = object.downloadTokens.join(',');
  const resource: Record<string, unknown> = {
    kind: 'storage#object',
    id: `${object.bucket}/${object.name}/${object.generation}`,
    selfLink: `${baseUrl}/storage/v1/b/${object.bucket}/o/${encoded}`,
    mediaLink: `${baseUrl}/download/storage/v1/b/${object.bucket}/o/${encoded}?generation=${object.generation}&alt=media`,
    name: object.name,
    bucket: object.bucket,
    generation: object.generation,
    metageneration: String(object.metageneration),
    contentType: object.contentType,
    storageClass: 'STANDARD',
    size: String(object.data.length),
    md5Hash: object.md5Hash,
    crc32c: object.crc32c,
    etag: etag(object),
    timeCreated: object.timeCreated.toISOString(),
    updated: object.updated.toISOString(),
    timeStorageClassUpdated: object.timeCreated.toISOString(),
    ...optional(object),
  };
  if (object.contentEncoding !== undefined) resource['contentEncoding'] = object.contentEncoding;
  if (object.contentDisposition !== undefined)
    resource['contentDisposition'] = object.contentDisposition;
  if (Object.keys(metadata).length > 0) resource['metadata'] = metadata;
  return resource;
}

export function etag(object: StoredObject): string {
  return Buffer.from(`${object.generation}/${object.metageneration}`).toString('base64');
}

/** Reads the writable properties out of a client's JSON metadata (either API). */
export function propertiesFromJson(json: Record<string, unknown>): {
  contentType?: string;
  cacheControl?: string;
  contentDisposition?: string;
  contentEncoding?: string;
  contentLanguage?: string;
  metadata?: Record<string, string>;
} {
  const out: ReturnType<typeof propertiesFromJson> = {};
  for (const key of [
    'contentType',
    'cacheControl',
    'contentDisposition',
    'contentEncoding',
    'contentLanguage',
  ] as const) {
    const value = json[key];
    if (typeof value === 'string') out[key] = value;
  }
  const meta = json['metadata'];
  if (meta && typeof meta === 'object') {
    const metadata: Record<string, string> = {};
    for (const [k, v] of Object.entries(meta as Record<string, unknown>)) {
      if (v !== null && v !== undefined) metadata[k] = String(v);
    }
    out.metadata = metadata;
  }
  return out;
}

/** Metadata a client sends with an upload, split into properties and download tokens. */
export function uploadProperties(
  json: Record<string, unknown>,
  fallbackType: string | undefined,
): ObjectProperties & { downloadTokens?: string[] } {
  const props = propertiesFromJson(json);
  const { metadata, tokens } = splitTokens(props.metadata);
  const out: ObjectProperties & { downloadTokens?: string[] } = { ...props, metadata };
  if (!out.contentType && fallbackType) out.contentType = fallbackType;
  if (tokens) out.downloadTokens = tokens;
  return out;
}
