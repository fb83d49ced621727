import { describe, expect, it } from 'vitest';
import {
  billedReads,
  forwardMessages,
  listenDocuments,
  restAnswer,
  webChannelPayloads,
  type FirestoreTraffic,
} from './firestore-wire.ts';

const frame = (json: unknown) => {
  const text = JSON.stringify(json);
  return `${text.length}\n${text}`;
};

const doc = (path: string, caption = 'x') => ({
  documentChange: {
    document: {
      name: `projects/p/databases/(default)/documents/${path}`,
      fields: { caption: { stringValue: caption } },
    },
    targetIds: [2],
  },
});

describe('webChannelPayloads', () => {
  it('reads every message of every chunk, skipping the handshake and noops as non-documents', () => {
    const body =
      frame([[0, ['c', 'SID', '', 8, 14, 30000]]]) +
      frame([
        [1, [{ targetChange: { targetChangeType: 'ADD', targetIds: [2] } }]],
        [2, [doc('events/e/photos/p1')]],
      ]) +
      frame([[3, ['noop']]]) +
      frame([[4, [doc('events/e/photos/p2')]]]);
    const payloads = webChannelPayloads(body);
    expect(listenDocuments(payloads).get('photos')).toEqual({
      documents: 2,
      bytes: expect.any(Number) as number,
    });
  });

  it('measures lengths in UTF-16 code units, as the SDK slices them', () => {
    const body =
      frame([[1, [doc('events/e/photos/p1', 'café 🎉 night')]]]) +
      frame([[2, [doc('events/e/rsvps/u1')]]]);
    const counts = listenDocuments(webChannelPayloads(body));
    expect(counts.get('photos')?.documents).toBe(1);
    expect(counts.get('rsvps')?.documents).toBe(1);
  });

  it('ignores a trailing chunk that has not fully arrived (a stream still open)', () => {
    const whole = frame([[1, [doc('events/e/members/u1')]]]);
    const partial = frame([[2, [doc('events/e/members/u2')]]]).slice(0, 20);
    expect(listenDocuments(webChannelPayloads(whole + partial)).get('members')?.documents).toBe(1);
  });
});

describe('forwardMessages', () => {
  it('returns the stream messages of a forward-channel form body', () => {
    const body = new URLSearchParams({
      count: '2',
      ofs: '3',
      req0___data__: JSON.stringify({
        database: 'projects/p/databases/(default)',
        addTarget: { targetId: 2 },
      }),
      req1___data__: JSON.stringify({ removeTarget: 2 }),
    }).toString();
    expect(forwardMessages(body)).toEqual([
      { database: 'projects/p/databases/(default)', addTarget: { targetId: 2 } },
      { removeTarget: 2 },
    ]);
  });
});

describe('restAnswer', () => {
  it('reads aggregation counts', () => {
    const body = JSON.stringify([
      { result: { aggregateFields: { count: { integerValue: '10000' } } }, readTime: 'x' },
    ]);
    expect(
      restAnswer(
        'http://h/v1/projects/p/databases/(default)/documents/events/e:runAggregationQuery',
        body,
      ),
    ).toEqual({
      documents: 0,
      aggregations: [10000],
    });
  });

  it('counts documents of a runQuery answer and nothing for an empty preflight', () => {
    const body = JSON.stringify([
      { document: { name: 'a' } },
      { document: { name: 'b' } },
      { readTime: 'x' },
    ]);
    const url = 'http://h/v1/projects/p/databases/(default)/documents:runQuery';
    expect(restAnswer(url, body).documents).toBe(2);
    expect(restAnswer(url, '')).toEqual({ documents: 0, aggregations: [] });
  });
});

describe('billedReads', () => {
  it('bills each document once and each count per started 1,000 index entries, at least one', () => {
    const traffic: FirestoreTraffic = {
      bytes: 0,
      gzipBytes: 0,
      requests: 0,
      listenDocuments: 30,
      restDocuments: 2,
      listenTargets: 5,
      aggregations: [0, 999, 1000, 1001, 10_000],
      byCollection: {},
    };
    expect(billedReads(traffic)).toBe(32 + 1 + 1 + 1 + 2 + 10);
  });
});
