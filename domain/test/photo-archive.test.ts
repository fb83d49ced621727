import { describe, expect, it } from 'vitest';
import {
  archiveEntryName,
  archiveFileName,
  MAX_ARCHIVE_SELECTION,
  PHOTO_ARCHIVE_MESSAGES,
  photoArchiveRequestSchema,
} from '../src/photo-archive.ts';

describe('photo archive names', () => {
  it('names the zip after the event, ASCII only', () => {
    expect(archiveFileName('Zoë & Raúl’s Wedding!')).toBe('zoe-raul-s-wedding-photos.zip');
    expect(archiveFileName('🎉')).toBe('event-photos.zip');
  });

  it('numbers entries in gallery order and keeps a readable, safe name', () => {
    expect(archiveEntryName(42, 'Beach Sunset.JPG', 'image/jpeg')).toBe('00042-beach-sunset.jpg');
    expect(archiveEntryName(1, '../../etc/passwd', 'image/png')).toBe('00001-passwd.png');
    expect(archiveEntryName(7, 'no-extension', 'image/webp')).toBe('00007-no-extension.webp');
    expect(archiveEntryName(10000, '', 'image/gif')).toBe('10000-photo.gif');
  });
});

describe('photoArchiveRequestSchema', () => {
  const valid = (body: unknown) => photoArchiveRequestSchema.isValidSync(body);

  it('takes everything or a selection of 1 to the maximum', () => {
    expect(valid({})).toBe(true);
    expect(valid({ photoIds: ['a', 'b'] })).toBe(true);
    expect(valid({ photoIds: [] })).toBe(false);
    expect(
      valid({ photoIds: Array.from({ length: MAX_ARCHIVE_SELECTION + 1 }, (_, i) => `p${i}`) }),
    ).toBe(false);
    expect(valid({ photoIds: [1] })).toBe(false);
    expect(() => photoArchiveRequestSchema.validateSync({ photoIds: [] })).toThrow(
      PHOTO_ARCHIVE_MESSAGES.selection,
    );
  });
});
