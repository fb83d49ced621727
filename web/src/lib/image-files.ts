// Selecting images for upload: each file is recognised by decoding it, then the domain's
// restrictions (count, duplicates, size) apply with their spec messages. A file that does not
// decode is refused with a message naming it.
import {
  summarizeRestrictionMessages,
  uploadMessages,
  validateFilesToAdd,
  type AddFilesOptions,
  type CandidateFile,
  type UploadRestrictions,
} from '@gatherly/domain/upload';
import { decodesAsImage } from './image-decode.ts';

export interface ScreenedFiles<F> {
  accepted: F[];
  /** Refusals in the order the files were picked, summarised after four. */
  messages: string[];
}

/** Rules that decoding satisfies: any image type. */
const ANY_IMAGE = ['image/*'];

export async function screenImageFiles<F extends File>(
  files: readonly F[],
  existing: readonly CandidateFile[],
  restrictions: Readonly<UploadRestrictions>,
  options: AddFilesOptions = {},
): Promise<ScreenedFiles<F>> {
  const allowed = restrictions.allowedFileTypes ?? ANY_IMAGE;
  const types = allowed.join(', ');
  const max = restrictions.maxFileSize;
  // A file the size rule refuses anyway is not decoded (decoding 50 MB only to refuse it).
  const decodes = await Promise.all(
    files.map((f) => (max !== null && f.size > max ? true : decodesAsImage(f))),
  );
  const refusals = new Map<F, string>();
  files.forEach((f, i) => {
    if (!decodes[i]) refusals.set(f, uploadMessages.notAnImage(f.name, types));
  });
  // Decoded files are images whatever they claim: the declared type is not checked again, unless
  // the restrictions name narrower types than "any image".
  const anyImage = allowed.every((t) => t.trim().toLowerCase() === 'image/*');
  const { accepted, rejected } = validateFilesToAdd(
    files.filter((f) => !refusals.has(f)),
    existing,
    anyImage ? { ...restrictions, allowedFileTypes: null } : restrictions,
    options,
  );
  for (const r of rejected) refusals.set(r.file, r.message);
  const messages = files.flatMap((f) => {
    const message = refusals.get(f);
    return message === undefined ? [] : [message];
  });
  return { accepted, messages: summarizeRestrictionMessages(messages) };
}
