import { describe, expect, it } from 'vitest';
import { DEFAULT_ACTIVITY_LIMIT, buildActivityFeed, recordedAnswerText } from '../src/activity.ts';

const ada = { displayName: 'Ada', photoURL: '' };
const bob = { displayName: 'Bob', photoURL: 'https://x.test/b.png' };
const t = (minute: number) => new Date(Date.UTC(2027, 5, 12, 12, minute)).toISOString();
const now = new Date(Date.UTC(2027, 5, 12, 13, 0));

describe('buildActivityFeed', () => {
  const sources = {
    photos: [
      { id: 'p1', uploadedAt: t(5), uploadedByUser: ada, caption: '' },
      { id: 'p2', uploadedAt: t(40), uploadedByUser: bob, caption: 'Sunset' },
    ],
    flights: [{ id: 'f1', createdAt: t(10), user: bob, departure: 'JFK', arrival: 'LIS' }],
    carpools: [
      { id: 'c1', createdAt: t(20), driver: ada, fromLocation: 'Airport', toLocation: '' },
    ],
    members: [
      { userId: 'u1', joinedAt: t(0), user: ada, role: 'creator' },
      { userId: 'u2', joinedAt: t(30), user: bob, role: 'attendee' },
    ],
    schedule: [{ id: 's1', createdAt: t(25), title: 'Dinner' }],
  };

  it('merges all sources newest first with texts', () => {
    const feed = buildActivityFeed(sources, 10, now);
    expect(feed.map((i) => i.text)).toEqual([
      'Bob uploaded a photo: “Sunset”',
      'Bob joined the event',
      'New on the schedule: Dinner',
      'Ada is offering a carpool from Airport',
      'Bob added a flight from JFK to LIS',
      'Ada uploaded a photo',
      'Ada created the event',
    ]);
    expect(feed[0]).toMatchObject({ id: 'photo:p2', kind: 'photo', area: 'photos', actor: bob });
    expect(feed.find((i) => i.kind === 'schedule')?.actor).toBeNull();
  });

  it('limits to the newest N (default 5)', () => {
    expect(DEFAULT_ACTIVITY_LIMIT).toBe(5);
    expect(buildActivityFeed(sources, undefined, now)).toHaveLength(5);
    expect(buildActivityFeed(sources, 2, now).map((i) => i.id)).toEqual(['photo:p2', 'member:u2']);
    expect(buildActivityFeed(sources, 0, now)).toEqual([]);
  });

  it('is empty without sources', () => {
    expect(buildActivityFeed({}, 5, now)).toEqual([]);
  });

  it('pending (null) timestamps count as now; Timestamp-likes are read', () => {
    const feed = buildActivityFeed(
      {
        photos: [
          {
            id: 'old',
            uploadedAt: { toMillis: () => Date.parse(t(1)) },
            uploadedByUser: ada,
            caption: '',
          },
        ],
        flights: [{ id: 'new', createdAt: null, user: bob, departure: '', arrival: 'LIS' }],
      },
      5,
      now,
    );
    expect(feed.map((i) => i.id)).toEqual(['flight:new', 'photo:old']);
    expect(feed[0]?.at).toBe(now.getTime());
    expect(feed[0]?.text).toBe('Bob added a flight to LIS');
  });

  it('names unknown people "Someone" and untitled items "Untitled"', () => {
    const feed = buildActivityFeed(
      {
        carpools: [
          {
            id: 'c',
            createdAt: t(1),
            driver: { displayName: ' ', photoURL: '' },
            fromLocation: '',
            toLocation: '',
          },
        ],
        schedule: [{ id: 's', createdAt: t(0), title: '  ' }],
      },
      5,
      now,
    );
    expect(feed.map((i) => i.text)).toEqual([
      'Someone is offering a carpool',
      'New on the schedule: Untitled',
    ]);
  });
});

describe('recordedAnswerText', () => {
  it('names the host, the guest and the item, never the answer', () => {
    const ana = { displayName: 'Ana Host', photoURL: '' };
    const sam = { displayName: 'Sam Guest', photoURL: '' };
    expect(recordedAnswerText(ana, sam, ' Ceremony ')).toBe(
      "Ana Host recorded Sam Guest's answer to Ceremony",
    );
    expect(recordedAnswerText({ displayName: ' ', photoURL: '' }, sam, '')).toBe(
      "Someone recorded Sam Guest's answer to Untitled",
    );
  });
});
