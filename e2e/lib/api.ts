import type { Page } from 'playwright-core';
import { pathOf, type AnyEndpoint, type CallOf } from '@gatherly/domain/api/contract';
import type { Person } from './session.ts';

export interface ApiAnswer {
  status: number;
  body: unknown;
}

/**
 * The signed-in person's Firebase ID token, read from where the web SDK persists it (IndexedDB)
 * in their own browser context: journeys use it to make the calls a person could make by hand.
 */
export async function idTokenOf(page: Page): Promise<string> {
  const token = await page.evaluate(
    () =>
      new Promise<string | null>((resolve, reject) => {
        const open = indexedDB.open('firebaseLocalStorageDb');
        open.onerror = () => reject(new Error('cannot open firebaseLocalStorageDb'));
        open.onsuccess = () => {
          const db = open.result;
          const read = db
            .transaction('firebaseLocalStorage', 'readonly')
            .objectStore('firebaseLocalStorage')
            .getAll();
          read.onerror = () => reject(new Error('cannot read firebaseLocalStorage'));
          read.onsuccess = () => {
            const rows = read.result as {
              value?: { stsTokenManager?: { accessToken?: string } };
            }[];
            resolve(
              rows
                .map((r) => r.value?.stsTokenManager?.accessToken)
                .find((t) => typeof t === 'string') ?? null,
            );
          };
        };
      }),
  );
  if (!token) throw new Error('no signed-in user in this browser context');
  return token;
}

/** Calls the app's own `/api` from the person's page, with their ID token, as the app does. */
export async function callApi(
  person: Person,
  method: string,
  path: string,
  body?: unknown,
): Promise<ApiAnswer> {
  const token = await idTokenOf(person.page);
  return person.page.evaluate(
    async ({ method, path, body, token }) => {
      const res = await fetch(path, {
        method,
        headers: {
          Authorization: `Bearer ${token}`,
          ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await res.text();
      let parsed: unknown = text;
      try {
        parsed = JSON.parse(text);
      } catch {
        // not JSON: keep the text
      }
      return { status: res.status, body: parsed };
    },
    { method, path, body, token },
  );
}

/**
 * Calls one endpoint of the contract (@gatherly/domain/api/endpoints) as the app does: the path
 * built from its pattern, the body its schema describes. The answer stays untyped: journeys
 * check what the server really said, errors included.
 */
export function callEndpoint<E extends AnyEndpoint>(
  person: Person,
  endpoint: E,
  call: CallOf<E>,
): Promise<ApiAnswer> {
  return callApi(person, endpoint.method, `/api${pathOf(endpoint.path, call.params)}`, call.body);
}
