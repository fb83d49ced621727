import { describe, expect, it } from 'vitest';
import {
  DEFAULT_ACTIVITY_LIMIT,
  PHOTO_BATCH_PREVIEW,
  activityPhoto,
  addToPhotoBatch,
  buildActivityFeed,
  photoBatchNeedsRefill,
  photoBatchSubject,
  photoBatchText,
  recordedAnswerText,
  removeFromPhotoBatch,
  type PhotoBatch,
} from '../src/activity.ts';

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

describe('photo upload batches', () => {
  const shot = (n: number, caption = '') => ({
    id: `p${n}`,
    path: `thumbs/p${n}.jpg`,
    url: `https://files.test/thumbs/p${n}.jpg?token=t`,
    caption,
  });
  const priya = { displayName: 'Priya', photoURL: '' };

  it('says how many photos; a batch of one keeps the single photo line with its caption', () => {
    expect(photoBatchText(priya, { count: 5, photos: [shot(5), shot(4)] })).toBe(
      'Priya uploaded 5 photos',
    );
    expect(photoBatchText(priya, { count: 1, photos: [shot(1, ' Beach day ')] })).toBe(
      'Priya uploaded a photo: “Beach day”',
    );
    expect(photoBatchText(priya, { count: 1, photos: [shot(1)] })).toBe('Priya uploaded a photo');
    expect(photoBatchText({ displayName: '', photoURL: '' }, { count: 2, photos: [] })).toBe(
      'Someone uploaded 2 photos',
    );
  });

  it("is scoped to the uploader's batch id; a photo without one is its own batch", () => {
    expect(photoBatchSubject({ id: 'p1', uploadedBy: 'u1', batchId: 'b1' })).toBe('u1:b1');
    expect(photoBatchSubject({ id: 'p1', uploadedBy: 'u1' })).toBe('p1');
    expect(photoBatchSubject({ id: 'p1', uploadedBy: 'u1', batchId: '' })).toBe('p1');
  });

  it('thumbnails are the thumbnail, else the photo itself', () => {
    const photo = {
      id: 'p',
      thumbPath: 't.jpg',
      objectPath: 'o.jpg',
      url: 'https://files.test/o.jpg',
      thumbUrl: 'https://files.test/t.jpg',
      caption: 'c',
    };
    expect(activityPhoto(photo)).toEqual({
      id: 'p',
      path: 't.jpg',
      url: 'https://files.test/t.jpg',
      caption: 'c',
    });
    expect(activityPhoto({ ...photo, thumbPath: '', thumbUrl: '' })).toMatchObject({
      path: 'o.jpg',
      url: 'https://files.test/o.jpg',
    });
  });

  it('adding keeps the count and the newest few first', () => {
    let batch: PhotoBatch | null = null;
    for (let n = 1; n <= 6; n++) batch = addToPhotoBatch(batch, shot(n));
    expect(PHOTO_BATCH_PREVIEW).toBe(4);
    expect(batch?.count).toBe(6);
    expect(batch?.photos.map((p) => p.id)).toEqual(['p6', 'p5', 'p4', 'p3']);
    // A photo already shown (a record retried) moves to the front, never shows twice.
    const again = addToPhotoBatch({ count: 2, photos: [shot(2), shot(1)] }, shot(1));
    expect(again.photos.map((p) => p.id)).toEqual(['p1', 'p2']);
  });

  it('removing counts down, refills from the newest photos read, and ends with the last', () => {
    const six: PhotoBatch = { count: 6, photos: [shot(6), shot(5), shot(4), shot(3)] };
    // A photo not shown: nothing to read, the thumbnails stay.
    expect(photoBatchNeedsRefill(six, 'p1')).toBe(false);
    expect(removeFromPhotoBatch(six, 'p1')).toEqual({ count: 5, photos: six.photos });
    // A shown photo with others behind it: the newest photos (still holding it) refill.
    expect(photoBatchNeedsRefill(six, 'p5')).toBe(true);
    const newest = [shot(6), shot(5), shot(4), shot(3), shot(2)];
    expect(removeFromPhotoBatch(six, 'p5', newest)?.photos.map((p) => p.id)).toEqual([
      'p6',
      'p4',
      'p3',
      'p2',
    ]);
    // Everything shown: no read needed.
    const two: PhotoBatch = { count: 2, photos: [shot(2, 'Two'), shot(1, 'One')] };
    expect(photoBatchNeedsRefill(two, 'p2')).toBe(false);
    const one = removeFromPhotoBatch(two, 'p2');
    expect(one).toEqual({ count: 1, photos: [shot(1, 'One')] });
    expect(photoBatchText(priya, one!)).toBe('Priya uploaded a photo: “One”');
    expect(removeFromPhotoBatch(one!, 'p1')).toBeNull();
  });
});
