import { describe, expect, it } from 'vitest';
import {
  SETTINGS_KEYS_MESSAGE,
  isBannerObjectPath,
  settingsKeysError,
  settingsPatchError,
} from '../src/event-settings.ts';

const stored = { startDate: '2027-06-12T15:00:00.000Z', endDate: '2027-06-14T11:00:00.000Z' };

describe('event settings write', () => {
  it('one field, or the two dates together', () => {
    expect(settingsKeysError(['name'])).toBeNull();
    expect(settingsKeysError(['bannerSettings'])).toBeNull();
    expect(settingsKeysError(['endDate', 'startDate'])).toBeNull();
    expect(settingsKeysError([])).toBe(SETTINGS_KEYS_MESSAGE);
    expect(settingsKeysError(['name', 'location'])).toBe(SETTINGS_KEYS_MESSAGE);
    expect(settingsKeysError(['startDate', 'name'])).toBe(SETTINGS_KEYS_MESSAGE);
    expect(settingsKeysError(['createdBy'])).toBe('Unknown field: createdBy');
    expect(settingsKeysError(['constructor'])).toBe('Unknown field: constructor');
  });

  it('the end never precedes the start once the write is applied', () => {
    expect(settingsPatchError('e', { endDate: stored.startDate }, stored)).toBeNull();
    expect(settingsPatchError('e', { startDate: '2027-07-01T00:00:00.000Z' }, stored)).toBe(
      'End date cannot be before the start date',
    );
    expect(settingsPatchError('e', { endDate: '2027-06-01T00:00:00.000Z' }, stored)).toBe(
      'End date cannot be before the start date',
    );
    expect(
      settingsPatchError(
        'e',
        { startDate: '2027-08-01T00:00:00.000Z', endDate: '2027-08-02T00:00:00.000Z' },
        stored,
      ),
    ).toBeNull();
    expect(settingsPatchError('e', { startDate: null }, stored)).toBeNull();
    // A stored pair out of order does not block unrelated fields.
    expect(
      settingsPatchError('e', { name: 'x' }, { ...stored, endDate: '2020-01-01T00:00:00.000Z' }),
    ).toBeNull();
  });

  it("a banner image lies directly in the event's own banner folder", () => {
    expect(isBannerObjectPath('e1', 'events/e1/banner/a.jpg')).toBe(true);
    for (const path of [
      'events/e2/banner/a.jpg',
      'events/e1/banner/',
      'events/e1/banner/.',
      'events/e1/banner/..',
      'events/e1/banner/sub/a.jpg',
      'events/e1/photos/u/a.jpg',
    ]) {
      expect(isBannerObjectPath('e1', path), path).toBe(false);
    }
    const banner = {
      style: 'contained' as const,
      autoRotate: true,
      rotateInterval: 4000,
      customBannerImage: 'events/e2/banner/a.jpg',
    };
    expect(settingsPatchError('e1', { bannerSettings: banner }, stored)).toBe(
      'customBannerImage must be a file under events/e1/banner/',
    );
    expect(
      settingsPatchError('e1', { bannerSettings: { ...banner, customBannerImage: null } }, stored),
    ).toBeNull();
  });
});
