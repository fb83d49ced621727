import { randomUUID } from 'node:crypto';
import { getDownloadURL } from 'firebase-admin/storage';
import { bucket } from './firebase.ts';

export interface StoredObject {
  size: number;
  contentType: string;
}

/** Metadata of an uploaded object, or null when there is no such object. */
export async function objectInfo(path: string): Promise<StoredObject | null> {
  try {
    const [meta] = await bucket().file(path).getMetadata();
    return { size: Number(meta.size ?? 0), contentType: String(meta.contentType ?? '') };
  } catch (err) {
    if ((err as { code?: unknown }).code === 404) return null;
    throw err;
  }
}

/**
 * The object's download URL with its download token, stored on the documents that show it so
 * screens need neither the Storage SDK nor a request per image (docs/decisions.md, "Stored image
 * URLs"). Objects uploaded through Firebase always carry a token.
 */
export async function downloadUrl(path: string): Promise<string> {
  return getDownloadURL(bucket().file(path));
}

/** The download URL with the object's current token; null when the object is gone. */
export async function currentDownloadUrl(path: string): Promise<string | null> {
  try {
    return await downloadUrl(path);
  } catch (err) {
    if ((err as { code?: unknown }).code === 404) return null;
    throw err;
  }
}

/**
 * Replaces an object's download tokens with a new one: every URL handed out before stops working
 * (docs/decisions.md, "Image access after removal"). A missing object is not an error.
 */
export async function rotateDownloadToken(path: string): Promise<void> {
  try {
    await bucket()
      .file(path)
      .setMetadata({ metadata: { firebaseStorageDownloadTokens: randomUUID() } });
  } catch (err) {
    if ((err as { code?: unknown }).code !== 404) throw err;
  }
}

/**
 * An object's bytes, or null when there is no such object. Whole, so a reader that fails
 * part-way has written nothing yet (the photo archive skips such files; originals are at most
 * 10 MB). The client checks the bytes against the object's hashes.
 */
export async function objectBytes(path: string): Promise<Buffer | null> {
  try {
    const [bytes] = await bucket().file(path).download();
    return bytes;
  } catch (err) {
    if ((err as { code?: unknown }).code === 404) return null;
    throw err;
  }
}

/** Deletes an object; a missing object is not an error (deletes are retried and raced). */
export async function deleteObject(path: string): Promise<void> {
  await bucket().file(path).delete({ ignoreNotFound: true });
}

/** Deletes every object whose name starts with `prefix`; returns how many were deleted. */
export async function deletePrefix(prefix: string): Promise<number> {
  let deleted = 0;
  let pageToken: string | undefined;
  do {
    const [files, next] = await bucket().getFiles({
      prefix,
      autoPaginate: false,
      maxResults: 500,
      pageToken,
    });
    await Promise.all(files.map((f) => f.delete({ ignoreNotFound: true })));
    deleted += files.length;
    pageToken = (next as { pageToken?: string } | null)?.pageToken;
  } while (pageToken);
  return deleted;
}

/**
 * Copies an object to `to` unless `to` exists, with a download token of its own. Read whole and
 * written again (≤ 10 MB): the offline emulator has no server-side rewrite.
 */
export async function copyNewObject(
  from: string,
  to: string,
  contentType: string,
): Promise<'copied' | 'exists' | 'missing'> {
  const bytes = await objectBytes(from);
  if (!bytes) return 'missing';
  try {
    await bucket()
      .file(to)
      .save(bytes, {
        resumable: false,
        contentType,
        preconditionOpts: { ifGenerationMatch: 0 },
        metadata: { metadata: { firebaseStorageDownloadTokens: randomUUID() } },
      });
    return 'copied';
  } catch (err) {
    if ((err as { code?: unknown }).code === 412) return 'exists';
    throw err;
  }
}

/** Deletes the objects under `prefix` created before `before`; returns how many. */
export async function deleteCreatedBefore(prefix: string, before: Date): Promise<number> {
  let deleted = 0;
  let pageToken: string | undefined;
  do {
    const [files, next] = await bucket().getFiles({
      prefix,
      autoPaginate: false,
      maxResults: 500,
      pageToken,
    });
    const old = files.filter((f) => {
      const created = Date.parse(String(f.metadata.timeCreated ?? ''));
      return Number.isFinite(created) && created < before.getTime();
    });
    await Promise.all(old.map((f) => f.delete({ ignoreNotFound: true })));
    deleted += old.length;
    pageToken = (next as { pageToken?: string } | null)?.pageToken;
  } while (pageToken);
  return deleted;
}
