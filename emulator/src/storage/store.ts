import { randomUUID } from 'node:crypto';
import { crc32cBase64, md5Base64 } from './hashes.ts';

/** Writable object properties shared by the Firebase and the Cloud Storage JSON APIs. */
export interface ObjectProperties {
  contentType?: string;
  cacheControl?: string;
  contentDisposition?: string;
  contentEncoding?: string;
  contentLanguage?: string;
  /** Custom metadata without the download-token key (kept in `downloadTokens`). */
  metadata?: Record<string, string>;
}

export interface StoredObject {
  bucket: string;
  name: string;
  data: Buffer;
  contentType: string;
  cacheControl?: string;
  contentDisposition?: string;
  contentEncoding?: string;
  contentLanguage?: string;
  metadata: Record<string, string>;
  /** Firebase download tokens; Cloud Storage shows them as metadata.firebaseStorageDownloadTokens. */
  downloadTokens: string[];
  generation: string;
  metageneration: number;
  timeCreated: Date;
  updated: Date;
  md5Hash: string;
  crc32c: string;
}

export const DOWNLOAD_TOKENS_KEY = 'firebaseStorageDownloadTokens';

/**
 * Splits custom metadata from a client into plain metadata and download tokens: the Firebase
 * console and firebase-admin set tokens through the `firebaseStorageDownloadTokens` key.
 */
export function splitTokens(metadata: Record<string, string> | undefined): {
  metadata: Record<string, string>;
  tokens: string[] | undefined;
} {
  const plain: Record<string, string> = {};
  let tokens: string[] | undefined;
  for (const [key, value] of Object.entries(metadata ?? {})) {
    if (key === DOWNLOAD_TOKENS_KEY) tokens = value.split(',').filter((t) => t.length > 0);
    else plain[key] = value;
  }
  return { metadata: plain, tokens };
}

let lastGeneration = 0;
/** Microsecond-style generations that grow strictly, as Cloud Storage's do. */
function nextGeneration(): string {
  lastGeneration = Math.max(lastGeneration + 1, Date.now() * 1000);
  return String(lastGeneration);
}

/** In-memory buckets: bucket name -> object name -> object. Buckets exist on first use. */
export class ObjectStore {
  private readonly buckets = new Map<string, Map<string, StoredObject>>();

  private bucket(name: string): Map<string, StoredObject> {
    let bucket = this.buckets.get(name);
    if (!bucket) {
      bucket = new Map();
      this.buckets.set(name, bucket);
    }
    return bucket;
  }

  get(bucket: string, name: string): StoredObject | null {
    return this.buckets.get(bucket)?.get(name) ?? null;
  }

  /** Writes a new generation of the object. `withToken` adds a download token when none is given. */
  put(
    bucket: string,
    name: string,
    data: Buffer,
    props: ObjectProperties & { downloadTokens?: string[] },
    withToken: boolean,
  ): StoredObject {
    const now = new Date();
    const tokens = props.downloadTokens ?? (withToken ? [randomUUID()] : []);
    const object: StoredObject = {
      bucket,
      name,
      data,
      contentType: props.contentType || 'application/octet-stream',
      metadata: props.metadata ?? {},
      downloadTokens: tokens,
      generation: nextGeneration(),
      metageneration: 1,
      timeCreated: now,
      updated: now,
      md5Hash: md5Base64(data),
      crc32c: crc32cBase64(data),
    };
    if (props.cacheControl !== undefined) object.cacheControl = props.cacheControl;
    if (props.contentDisposition !== undefined)
      object.contentDisposition = props.contentDisposition;
    if (props.contentEncoding !== undefined) object.contentEncoding = props.contentEncoding;
    if (props.contentLanguage !== undefined) object.contentLanguage = props.contentLanguage;
    this.bucket(bucket).set(name, object);
    return object;
  }

  /** Applies a metadata patch; `null` values remove a field or a custom-metadata key. */
  patch(object: StoredObject, patch: Record<string, unknown>): StoredObject {
    const strField = [
      'contentType',
      'cacheControl',
      'contentDisposition',
      'contentEncoding',
      'contentLanguage',
    ] as const;
    for (const field of strField) {
      if (!(field in patch)) continue;
      const value = patch[field];
      if (value === null || value === undefined) {
        if (field === 'contentType') object.contentType = 'application/octet-stream';
        else delete object[field];
      } else {
        object[field] = String(value);
      }
    }
    if ('metadata' in patch) {
      const meta = patch['metadata'];
      if (meta === null) {
        object.metadata = {};
      } else if (typeof meta === 'object') {
        for (const [key, value] of Object.entries(meta as Record<string, unknown>)) {
          if (key === DOWNLOAD_TOKENS_KEY) {
            object.downloadTokens = value === null ? [] : String(value).split(',').filter(Boolean);
          } else if (value === null) {
            delete object.metadata[key];
          } else {
            object.metadata[key] = String(value);
          }
        }
      }
    }
    object.metageneration += 1;
    object.updated = new Date();
    return object;
  }

  delete(bucket: string, name: string): boolean {
    return this.buckets.get(bucket)?.delete(name) ?? false;
  }

  /** Objects under a prefix in name order, with `delimiter` folding deeper names into prefixes. */
  list(
    bucket: string,
    opts: { prefix: string; delimiter?: string; pageToken?: string; maxResults?: number },
  ): { items: StoredObject[]; prefixes: string[]; nextPageToken?: string } {
    const names = [...(this.buckets.get(bucket)?.keys() ?? [])]
      .filter((n) => n.startsWith(opts.prefix))
      .sort();
    // One entry per object or per folded prefix, so paging counts both like Cloud Storage.
    const entries: Array<{ key: string; object?: StoredObject }> = [];
    const seenPrefixes = new Set<string>();
    for (const name of names) {
      if (opts.delimiter) {
        const rest = name.slice(opts.prefix.length);
        const cut = rest.indexOf(opts.delimiter);
        if (cut >= 0) {
          const folded = opts.prefix + rest.slice(0, cut + opts.delimiter.length);
          if (!seenPrefixes.has(folded)) {
            seenPrefixes.add(folded);
            entries.push({ key: folded });
          }
          continue;
        }
      }
      const object = this.get(bucket, name);
      if (object) entries.push({ key: name, object });
    }
    const start = opts.pageToken
      ? entries.findIndex((e) => e.key > decodePageToken(opts.pageToken ?? ''))
      : 0;
    const from = start < 0 ? entries.length : start;
    const max = opts.maxResults && opts.maxResults > 0 ? opts.maxResults : 1000;
    const page = entries.slice(from, from + max);
    const last = page[page.length - 1];
    const result: { items: StoredObject[]; prefixes: string[]; nextPageToken?: string } = {
      items: page.flatMap((e) => (e.object ? [e.object] : [])),
      prefixes: page.flatMap((e) => (e.object ? [] : [e.key])),
    };
    if (from + max < entries.length && last)
      result.nextPageToken = Buffer.from(last.key).toString('base64url');
    return result;
  }

  clear(): void {
    this.buckets.clear();
  }
}

function decodePageToken(token: string): string {
  return Buffer.from(token, 'base64url').toString('utf8');
}
