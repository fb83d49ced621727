/**
 * Upload restrictions and their messages (docs/product.md, "Photos" and "Texts and
 * messages"). Validation
 * runs when files are added (type, size, total size, count, duplicates) and before the upload
 * starts (minimum count, required meta fields).
 */

export interface UploadRestrictions {
  /** Bytes per file; null = no limit. */
  maxFileSize: number | null;
  minFileSize: number | null;
  /** Bytes over all files (already added + new). */
  maxTotalFileSize: number | null;
  maxNumberOfFiles: number | null;
  minNumberOfFiles: number | null;
  /** MIME types ("image/png"), wildcards ("image/*") or extensions (".jpg"); null = any. */
  allowedFileTypes: readonly string[] | null;
  requiredMetaFields: readonly string[];
}

export interface CandidateFile {
  name: string;
  size: number;
  type: string;
  /** When known (browser File), part of the duplicate identity. */
  lastModified?: number;
  meta?: Readonly<Record<string, unknown>>;
}

/** Nothing restricted (the upload helper's default). */
export const NO_RESTRICTIONS: Readonly<UploadRestrictions> = Object.freeze({
  maxFileSize: null,
  minFileSize: null,
  maxTotalFileSize: null,
  maxNumberOfFiles: null,
  minNumberOfFiles: null,
  allowedFileTypes: null,
  requiredMetaFields: [],
});

export const MAX_IMAGE_BYTES = 10485760;
export const GALLERY_MAX_FILES = 10;
export const BANNER_MAX_FILES = 1;

export const GALLERY_RESTRICTIONS: Readonly<UploadRestrictions> = Object.freeze({
  ...NO_RESTRICTIONS,
  maxFileSize: MAX_IMAGE_BYTES,
  maxNumberOfFiles: GALLERY_MAX_FILES,
  allowedFileTypes: ['image/*'],
});

export const BANNER_RESTRICTIONS: Readonly<UploadRestrictions> = Object.freeze({
  ...NO_RESTRICTIONS,
  maxFileSize: MAX_IMAGE_BYTES,
  maxNumberOfFiles: BANNER_MAX_FILES,
  allowedFileTypes: ['image/*'],
});

/** Above this many messages, the rest are summarised in one line. */
export const MAX_SHOWN_RESTRICTION_MESSAGES = 4;

const UNITS = ['B', 'KB', 'MB', 'GB', 'TB', 'PB'];

/** Human size in 1024 steps: 10485760 → "10 MB", 1536 → "1.5 KB", 0 → "0 B". */
export function formatBytes(bytes: number): string {
  const sign = bytes < 0 ? '-' : '';
  const abs = Math.abs(bytes);
  if (abs < 1) return `${sign}${abs} B`;
  const exponent = Math.min(Math.floor(Math.log(abs) / Math.log(1024)), UNITS.length - 1);
  const value = abs / 1024 ** exponent;
  const text = value >= 10 || value % 1 === 0 ? value.toFixed(0) : value.toFixed(1);
  return `${sign}${text} ${UNITS[exponent]}`;
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** The messages of docs/product.md, verbatim ("N file(s)" pluralised: "1 file", "10 files"). */
export const uploadMessages = {
  youCanOnlyUploadX: (n: number) => `You can only upload ${plural(n, 'file')}`,
  aggregateExceedsSize: (size: string, sizeAllowed: string) =>
    `You selected ${size} of files, but maximum allowed size is ${sizeAllowed}`,
  exceedsSize: (file: string, size: string) => `${file} exceeds maximum allowed size of ${size}`,
  inferiorSize: (size: string) => `This file is smaller than the allowed size of ${size}`,
  youCanOnlyUploadFileTypes: (types: string) => `You can only upload: ${types}`,
  /** Ours, not the spec's: a file that does not decode as an image, named, with the spec's rule. */
  notAnImage: (fileName: string, types: string) =>
    `${fileName} could not be opened as an image. You can only upload: ${types}`,
  noDuplicates: (fileName: string) =>
    `Cannot add the duplicate file '${fileName}', it already exists`,
  noMoreFilesAllowed: () => 'Cannot add more files',
  missingRequiredMetaField: () => 'Missing required meta fields',
  youHaveToAtLeastSelectX: (n: number) => `You have to select at least ${plural(n, 'file')}`,
  additionalRestrictionsFailed: (count: number) =>
    `${count} additional restrictions were not fulfilled`,
} as const;

/**
 * The photo record's answer (409) when its Storage object is already recorded: a retry of a
 * record whose first answer was lost has succeeded.
 */
export const PHOTO_ALREADY_SAVED = 'This photo has already been saved';

/** Same name, type, size (and lastModified when both know it) = the same file. */
export function isSameFile(a: CandidateFile, b: CandidateFile): boolean {
  if (a.name !== b.name || a.type !== b.type || a.size !== b.size) return false;
  return (
    a.lastModified === undefined ||
    b.lastModified === undefined ||
    a.lastModified === b.lastModified
  );
}

function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot).toLowerCase() : '';
}

/** Whether the file matches one of the allowed MIME types, wildcards or extensions. */
export function isAllowedType(
  file: Pick<CandidateFile, 'name' | 'type'>,
  allowed: readonly string[] | null,
): boolean {
  if (!allowed) return true;
  const type = file.type.toLowerCase();
  const ext = extensionOf(file.name);
  return allowed.some((rule) => {
    const r = rule.trim().toLowerCase();
    if (r.startsWith('.')) return ext === r;
    if (r.endsWith('/*')) return type.startsWith(r.slice(0, -1));
    return type === r;
  });
}

export interface RejectedFile<F extends CandidateFile = CandidateFile> {
  file: F;
  message: string;
}

export interface AddFilesResult<F extends CandidateFile = CandidateFile> {
  accepted: F[];
  rejected: RejectedFile<F>[];
}

export interface AddFilesOptions {
  /** False while an upload is running and a new batch is not allowed: "Cannot add more files". */
  allowNewUpload?: boolean;
}

/**
 * Checks new files against the restrictions, in order, counting those accepted earlier in the
 * same batch as already added. Each rejected file gets the first rule it breaks.
 */
export function validateFilesToAdd<F extends CandidateFile>(
  candidates: readonly F[],
  existing: readonly CandidateFile[],
  restrictions: Readonly<UploadRestrictions> = NO_RESTRICTIONS,
  options: AddFilesOptions = {},
): AddFilesResult<F> {
  const accepted: F[] = [];
  const rejected: RejectedFile<F>[] = [];
  const present: CandidateFile[] = [...existing];
  let totalSize = existing.reduce((sum, f) => sum + f.size, 0);

  for (const file of candidates) {
    const message = firstViolation(file, present, totalSize, restrictions, options);
    if (message) {
      rejected.push({ file, message });
      continue;
    }
    accepted.push(file);
    present.push(file);
    totalSize += file.size;
  }
  return { accepted, rejected };
}

function firstViolation(
  file: CandidateFile,
  present: readonly CandidateFile[],
  totalSize: number,
  r: Readonly<UploadRestrictions>,
  options: AddFilesOptions,
): string | null {
  if (options.allowNewUpload === false) return uploadMessages.noMoreFilesAllowed();
  if (present.some((p) => isSameFile(p, file))) return uploadMessages.noDuplicates(file.name);
  if (r.maxNumberOfFiles !== null && present.length + 1 > r.maxNumberOfFiles) {
    return uploadMessages.youCanOnlyUploadX(r.maxNumberOfFiles);
  }
  if (!isAllowedType(file, r.allowedFileTypes)) {
    return uploadMessages.youCanOnlyUploadFileTypes((r.allowedFileTypes ?? []).join(', '));
  }
  if (r.maxFileSize !== null && file.size > r.maxFileSize) {
    return uploadMessages.exceedsSize(file.name, formatBytes(r.maxFileSize));
  }
  if (r.minFileSize !== null && file.size < r.minFileSize) {
    return uploadMessages.inferiorSize(formatBytes(r.minFileSize));
  }
  if (r.maxTotalFileSize !== null && totalSize + file.size > r.maxTotalFileSize) {
    return uploadMessages.aggregateExceedsSize(
      formatBytes(totalSize + file.size),
      formatBytes(r.maxTotalFileSize),
    );
  }
  return null;
}

export interface UploadStartError<F extends CandidateFile = CandidateFile> {
  /** The file concerned; absent for batch-level errors (too few files). */
  file?: F;
  message: string;
}

/** Checks run when the upload starts: minimum file count and required meta fields. */
export function validateBeforeUpload<F extends CandidateFile>(
  files: readonly F[],
  restrictions: Readonly<UploadRestrictions> = NO_RESTRICTIONS,
): UploadStartError<F>[] {
  const errors: UploadStartError<F>[] = [];
  if (restrictions.minNumberOfFiles !== null && files.length < restrictions.minNumberOfFiles) {
    errors.push({ message: uploadMessages.youHaveToAtLeastSelectX(restrictions.minNumberOfFiles) });
  }
  for (const file of files) {
    if (missingMetaFields(file, restrictions.requiredMetaFields).length > 0) {
      errors.push({ file, message: uploadMessages.missingRequiredMetaField() });
    }
  }
  return errors;
}

/** Required meta fields that are absent or empty on the file. */
export function missingMetaFields(file: CandidateFile, required: readonly string[]): string[] {
  return required.filter((field) => {
    const value = file.meta?.[field];
    return value === undefined || value === null || value === '';
  });
}

/** At most four messages, then "{count} additional restrictions were not fulfilled". */
export function summarizeRestrictionMessages(
  messages: readonly string[],
  max = MAX_SHOWN_RESTRICTION_MESSAGES,
): string[] {
  if (messages.length <= max) return [...messages];
  return [
    ...messages.slice(0, max),
    uploadMessages.additionalRestrictionsFailed(messages.length - max),
  ];
}

/**
 * Where a gallery upload lands and where its recorded photo lives (docs/data-model.md,
 * "Storage"). The browser uploads into `uploads/`, a folder only for files not recorded yet;
 * `POST /api/events/{e}/photos` counts the bytes, copies them to `events/{e}/...` (which no
 * client writes) and deletes the upload. Uploads never recorded are deleted after
 * UNRECORDED_UPLOAD_TTL_MS, so no uncounted byte lives for long.
 */
export const GALLERY_FOLDERS = ['photos', 'thumbs'] as const;
export type GalleryFolder = (typeof GALLERY_FOLDERS)[number];

export function uploadFolder(eventId: string, kind: GalleryFolder, uid: string): string {
  return `uploads/${eventId}/${kind}/${uid}/`;
}

export function galleryFolder(eventId: string, kind: GalleryFolder, uid: string): string {
  return `events/${eventId}/${kind}/${uid}/`;
}

/** The recorded photo's path for an upload's path (same folder kind, owner and file name). */
export function recordedPathOf(uploadPath: string): string {
  return uploadPath.replace(/^uploads\//, 'events/');
}

/** An upload not recorded within this long is deleted (the sweep runs every 30 minutes). */
export const UNRECORDED_UPLOAD_TTL_MS = 60 * 60 * 1000;
