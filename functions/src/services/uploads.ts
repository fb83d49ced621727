// Uploads never recorded as photos (docs/data-model.md, "Storage"): the browser writes into
// `uploads/`, and recording moves the files into the gallery. Whatever stays behind (an upload
// whose record was refused or never asked for) was never counted against anyone's storage, so
// it is deleted once it is older than UNRECORDED_UPLOAD_TTL_MS.
import { UNRECORDED_UPLOAD_TTL_MS } from '@gatherly/domain/upload';
import { deleteCreatedBefore } from '../storage.ts';

export const UPLOADS_PREFIX = 'uploads/';

/** Deletes uploads older than the TTL at `now`; returns how many. */
export async function sweepUnrecordedUploads(now = new Date()): Promise<number> {
  return deleteCreatedBefore(UPLOADS_PREFIX, new Date(now.getTime() - UNRECORDED_UPLOAD_TTL_MS));
}
