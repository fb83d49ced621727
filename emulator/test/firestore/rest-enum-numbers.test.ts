// Proto3 JSON allows an enum as its number, and the Node client's REST transport
// (`preferRest`, google-gax's fallback) sends them so: `"setToServerValue": 1`, `"op": 5`,
// `"direction": 2`, `"nullValue": 0`. Found by nodejs-firestore's system tests over REST
// (emulator/README.md, upstream suites).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestEmulator, type TestEmulator, uniqueProject } from './helpers.ts';

let emulator: TestEmulator;
const projectId = uniqueProject('rest-enums');
const database = `projects/${projectId}/databases/(default)`;

beforeAll(async () => {
  emulator = await startTestEmulator();
});

afterAll(async () => {
  await emulator.stop();
});

async function post(verb: string, body: unknown): Promise<{ status: number; json: unknown }> {
  const response = await fetch(
    `http://${emulator.host}:${emulator.port}/v1/${database}/documents:${verb}`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Bearer owner' },
      body: JSON.stringify(body),
    },
  );
  return { status: response.status, json: await response.json() };
}

describe('REST requests with enums as numbers', () => {
  it('applies a server timestamp sent as setToServerValue: 1 (REQUEST_TIME)', async () => {
    const name = `${database}/documents/stamps/a`;
    const commit = await post('commit', {
      writes: [
        {
          update: { name, fields: { empty: { nullValue: 0 } } },
          updateTransforms: [{ fieldPath: 'at', setToServerValue: 1 }],
        },
      ],
    });
    expect(commit.status).toBe(200);
    const [result] = (commit.json as { writeResults: { transformResults: unknown[] }[] })
      .writeResults;
    expect(result?.transformResults[0]).toHaveProperty('timestampValue');

    const got = await fetch(`http://${emulator.host}:${emulator.port}/v1/${name}`, {
      headers: { authorization: 'Bearer owner' },
    });
    const fields = ((await got.json()) as { fields: Record<string, unknown> }).fields;
    expect(fields['empty']).toEqual({ nullValue: null });
    expect(fields['at']).toHaveProperty('timestampValue');
  });

  it('runs a query whose operators and direction are numbers', async () => {
    for (const [id, n] of [
      ['x', 1],
      ['y', 2],
      ['z', 3],
    ] as const) {
      await post('commit', {
        writes: [
          {
            update: {
              name: `${database}/documents/nums/${id}`,
              fields: { n: { integerValue: String(n) }, tag: { nullValue: 0 } },
            },
          },
        ],
      });
    }
    const query = await post('runQuery', {
      structuredQuery: {
        from: [{ collectionId: 'nums' }],
        where: {
          compositeFilter: {
            op: 1, // AND
            filters: [
              { fieldFilter: { field: { fieldPath: 'n' }, op: 3, value: { integerValue: '1' } } }, // >
              { unaryFilter: { field: { fieldPath: 'tag' }, op: 3 } }, // IS_NULL
            ],
          },
        },
        orderBy: [{ field: { fieldPath: 'n' }, direction: 2 }], // DESCENDING
      },
    });
    expect(query.status).toBe(200);
    const names = (query.json as { document?: { name: string } }[]).flatMap((row) =>
      row.document ? [row.document.name.split('/').pop()] : [],
    );
    expect(names).toEqual(['z', 'y']);
  });
});
