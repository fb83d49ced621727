import { describe, expect, it } from 'vitest';
import {
  BANNER_RESTRICTIONS,
  GALLERY_RESTRICTIONS,
  MAX_IMAGE_BYTES,
  NO_RESTRICTIONS,
  type CandidateFile,
  type UploadRestrictions,
  formatBytes,
  isAllowedType,
  isSameFile,
  missingMetaFields,
  summarizeRestrictionMessages,
  uploadMessages,
  validateBeforeUpload,
  validateFilesToAdd,
} from '../src/upload.ts';

const img = (name: string, size = 1000, type = 'image/jpeg'): CandidateFile => ({
  name,
  size,
  type,
});
const restrict = (r: Partial<UploadRestrictions>): UploadRestrictions => ({
  ...NO_RESTRICTIONS,
  ...r,
});

describe('formatBytes', () => {
  it.each([
    [0, '0 B'],
    [1, '1 B'],
    [1023, '1023 B'],
    [1024, '1 KB'],
    [1536, '1.5 KB'],
    [10485760, '10 MB'],
    [5 * 1024 * 1024 + 512 * 1024, '5.5 MB'],
    [1024 ** 3, '1 GB'],
  ])('%d → %s', (bytes, text) => {
    expect(formatBytes(bytes)).toBe(text);
  });
});

describe('presets', () => {
  it('gallery: image/*, 10 files, 10485760 bytes', () => {
    expect(GALLERY_RESTRICTIONS).toMatchObject({
      allowedFileTypes: ['image/*'],
      maxNumberOfFiles: 10,
      maxFileSize: 10485760,
    });
    expect(MAX_IMAGE_BYTES).toBe(10485760);
  });

  it('banner: one image', () => {
    expect(BANNER_RESTRICTIONS).toMatchObject({
      allowedFileTypes: ['image/*'],
      maxNumberOfFiles: 1,
      maxFileSize: 10485760,
    });
  });

  it('nothing is restricted by default', () => {
    const many = Array.from({ length: 50 }, (_, i) => ({
      name: `f${i}.bin`,
      size: 10 ** 9,
      type: 'application/octet-stream',
    }));
    expect(validateFilesToAdd(many, []).rejected).toEqual([]);
  });
});

describe('messages of (docs/product.md, "Texts and messages"), verbatim', () => {
  it('every message', () => {
    expect(uploadMessages.youCanOnlyUploadX(1)).toBe('You can only upload 1 file');
    expect(uploadMessages.youCanOnlyUploadX(10)).toBe('You can only upload 10 files');
    expect(uploadMessages.aggregateExceedsSize('12 MB', '10 MB')).toBe(
      'You selected 12 MB of files, but maximum allowed size is 10 MB',
    );
    expect(uploadMessages.exceedsSize('a.jpg', '10 MB')).toBe(
      'a.jpg exceeds maximum allowed size of 10 MB',
    );
    expect(uploadMessages.inferiorSize('1 KB')).toBe(
      'This file is smaller than the allowed size of 1 KB',
    );
    expect(uploadMessages.youCanOnlyUploadFileTypes('image/*')).toBe(
      'You can only upload: image/*',
    );
    expect(uploadMessages.notAnImage('notes.jpg', 'image/*')).toBe(
      'notes.jpg could not be opened as an image. You can only upload: image/*',
    );
    expect(uploadMessages.noDuplicates('a.jpg')).toBe(
      "Cannot add the duplicate file 'a.jpg', it already exists",
    );
    expect(uploadMessages.noMoreFilesAllowed()).toBe('Cannot add more files');
    expect(uploadMessages.missingRequiredMetaField()).toBe('Missing required meta fields');
    expect(uploadMessages.youHaveToAtLeastSelectX(1)).toBe('You have to select at least 1 file');
    expect(uploadMessages.youHaveToAtLeastSelectX(2)).toBe('You have to select at least 2 files');
    expect(uploadMessages.additionalRestrictionsFailed(3)).toBe(
      '3 additional restrictions were not fulfilled',
    );
  });
});

describe('file size', () => {
  it('accepts exactly 10485760 bytes and rejects one byte more', () => {
    const r = validateFilesToAdd(
      [img('ok.jpg', 10485760), img('big.jpg', 10485761)],
      [],
      GALLERY_RESTRICTIONS,
    );
    expect(r.accepted.map((f) => f.name)).toEqual(['ok.jpg']);
    expect(r.rejected).toEqual([
      { file: img('big.jpg', 10485761), message: 'big.jpg exceeds maximum allowed size of 10 MB' },
    ]);
  });

  it('minimum size: the boundary is allowed', () => {
    const r = validateFilesToAdd(
      [img('a', 1024), img('b', 1023)],
      [],
      restrict({ minFileSize: 1024 }),
    );
    expect(r.accepted.map((f) => f.name)).toEqual(['a']);
    expect(r.rejected[0]?.message).toBe('This file is smaller than the allowed size of 1 KB');
  });

  it('total size counts files already added', () => {
    const r = validateFilesToAdd(
      [img('c', 4 * 1048576), img('d', 1048576)],
      [img('old', 6 * 1048576)],
      restrict({ maxTotalFileSize: 10485760 }),
    );
    expect(r.accepted.map((f) => f.name)).toEqual(['c']);
    expect(r.rejected.map((x) => x.message)).toEqual([
      'You selected 11 MB of files, but maximum allowed size is 10 MB',
    ]);
    expect(
      validateFilesToAdd(
        [img('f', 4 * 1048576)],
        [img('old', 6 * 1048576)],
        restrict({ maxTotalFileSize: 10485760 }),
      ).rejected,
    ).toEqual([]);
    const over = validateFilesToAdd(
      [img('e', 5 * 1048576)],
      [img('old', 6 * 1048576)],
      restrict({ maxTotalFileSize: 10485760 }),
    );
    expect(over.rejected[0]?.message).toBe(
      'You selected 11 MB of files, but maximum allowed size is 10 MB',
    );
  });
});

describe('file types', () => {
  it('rejects non-images in the gallery', () => {
    const r = validateFilesToAdd(
      [{ name: 'doc.pdf', size: 10, type: 'application/pdf' }],
      [],
      GALLERY_RESTRICTIONS,
    );
    expect(r.rejected[0]?.message).toBe('You can only upload: image/*');
  });

  it.each([
    [{ name: 'a.png', type: 'image/png' }, ['image/*'], true],
    [{ name: 'a.png', type: 'IMAGE/PNG' }, ['image/*'], true],
    [{ name: 'a.png', type: 'image/png' }, ['image/jpeg'], false],
    [{ name: 'a.JPG', type: '' }, ['.jpg'], true],
    [{ name: 'jpg', type: '' }, ['.jpg'], false],
    [{ name: 'a.svg', type: 'image/svg+xml' }, ['image/png', '.svg'], true],
    [{ name: 'a.txt', type: 'text/plain' }, null, true],
  ] as const)('isAllowedType(%j, %j) = %s', (file, allowed, expected) => {
    expect(isAllowedType(file, allowed)).toBe(expected);
  });

  it('lists several allowed types separated by commas', () => {
    const r = validateFilesToAdd(
      [{ name: 'a.gif', size: 1, type: 'image/gif' }],
      [],
      restrict({ allowedFileTypes: ['image/png', '.jpg'] }),
    );
    expect(r.rejected[0]?.message).toBe('You can only upload: image/png, .jpg');
  });
});

describe('file counts', () => {
  it('gallery takes 10 files and rejects the 11th', () => {
    const files = Array.from({ length: 11 }, (_, i) => img(`p${i}.jpg`, 100 + i));
    const r = validateFilesToAdd(files, [], GALLERY_RESTRICTIONS);
    expect(r.accepted).toHaveLength(10);
    expect(r.rejected.map((x) => x.message)).toEqual(['You can only upload 10 files']);
  });

  it('counts files already added', () => {
    const existing = Array.from({ length: 9 }, (_, i) => img(`old${i}.jpg`, i + 1));
    const r = validateFilesToAdd(
      [img('new1.jpg', 500), img('new2.jpg', 501)],
      existing,
      GALLERY_RESTRICTIONS,
    );
    expect(r.accepted.map((f) => f.name)).toEqual(['new1.jpg']);
    expect(r.rejected[0]?.message).toBe('You can only upload 10 files');
  });

  it('banner takes a single file', () => {
    const r = validateFilesToAdd([img('a.png'), img('b.png', 2)], [], BANNER_RESTRICTIONS);
    expect(r.accepted).toHaveLength(1);
    expect(r.rejected[0]?.message).toBe('You can only upload 1 file');
  });

  it('minimum count is checked before upload', () => {
    expect(validateBeforeUpload([img('a')], restrict({ minNumberOfFiles: 2 }))).toEqual([
      { message: 'You have to select at least 2 files' },
    ]);
    expect(validateBeforeUpload([img('a'), img('b')], restrict({ minNumberOfFiles: 2 }))).toEqual(
      [],
    );
    expect(validateBeforeUpload([], restrict({ minNumberOfFiles: 1 }))).toEqual([
      { message: 'You have to select at least 1 file' },
    ]);
  });
});

describe('duplicates and batches', () => {
  it('rejects a file already added', () => {
    const r = validateFilesToAdd([img('a.jpg', 10)], [img('a.jpg', 10)], GALLERY_RESTRICTIONS);
    expect(r.rejected[0]?.message).toBe("Cannot add the duplicate file 'a.jpg', it already exists");
  });

  it('rejects a duplicate within the same batch', () => {
    const r = validateFilesToAdd([img('a.jpg', 10), img('a.jpg', 10)], [], GALLERY_RESTRICTIONS);
    expect(r.accepted).toHaveLength(1);
    expect(r.rejected).toHaveLength(1);
  });

  it('same name but different size or modification time is a different file', () => {
    expect(isSameFile(img('a.jpg', 10), img('a.jpg', 11))).toBe(false);
    expect(
      isSameFile({ ...img('a.jpg'), lastModified: 1 }, { ...img('a.jpg'), lastModified: 2 }),
    ).toBe(false);
    expect(isSameFile({ ...img('a.jpg'), lastModified: 1 }, img('a.jpg'))).toBe(true);
  });

  it('"Cannot add more files" while new uploads are not allowed', () => {
    const r = validateFilesToAdd([img('a.jpg'), img('b.jpg', 2)], [], GALLERY_RESTRICTIONS, {
      allowNewUpload: false,
    });
    expect(r.accepted).toEqual([]);
    expect(r.rejected.map((x) => x.message)).toEqual([
      'Cannot add more files',
      'Cannot add more files',
    ]);
  });

  it('keeps the caller file objects (generic)', () => {
    const file = { ...img('x.jpg'), id: 'local-1' };
    const r = validateFilesToAdd([file], [], GALLERY_RESTRICTIONS);
    expect(r.accepted[0]?.id).toBe('local-1');
  });
});

describe('required meta fields', () => {
  it('flags files missing or with empty required meta', () => {
    const r = restrict({ requiredMetaFields: ['caption'] });
    const ok = { ...img('a'), meta: { caption: 'hi' } };
    const empty = { ...img('b'), meta: { caption: '' } };
    const none = img('c');
    const errors = validateBeforeUpload([ok, empty, none], r);
    expect(errors).toEqual([
      { file: empty, message: 'Missing required meta fields' },
      { file: none, message: 'Missing required meta fields' },
    ]);
    expect(missingMetaFields(none, ['caption', 'alt'])).toEqual(['caption', 'alt']);
  });
});

describe('summarizeRestrictionMessages', () => {
  it('shows up to four, then a count of the rest', () => {
    expect(summarizeRestrictionMessages(['a', 'b', 'c', 'd'])).toEqual(['a', 'b', 'c', 'd']);
    expect(summarizeRestrictionMessages(['a', 'b', 'c', 'd', 'e', 'f'])).toEqual([
      'a',
      'b',
      'c',
      'd',
      '2 additional restrictions were not fulfilled',
    ]);
  });
});
