/**
 * The one way screens call `/api`: `callApi(API.setRsvp, { params, body })` builds the path
 * from the endpoint's pattern (@gatherly/domain/api/endpoints), sends the body its schema
 * describes and answers the endpoint's response type (docs/api.md, "The contract").
 */
import {
  pathOf,
  type AnyEndpoint,
  type CallOf,
  type FileDownload,
  type ResponseOf,
} from '@gatherly/domain/api/contract';
import { apiFile, apiRequest } from './api.ts';

/** A call's parameters and body; endpoints with neither need no second argument. */
type CallArgs<E extends AnyEndpoint> = [keyof CallOf<E>] extends [never]
  ? []
  : Partial<CallOf<E>> extends CallOf<E>
    ? [call?: CallOf<E>]
    : [call: CallOf<E>];

export async function callApi<E extends AnyEndpoint>(
  endpoint: E,
  ...[call]: CallArgs<E>
): Promise<ResponseOf<E>> {
  const query = call?.query ? `?${new URLSearchParams(call.query).toString()}` : '';
  const path = `/api${pathOf(endpoint.path, call?.params)}${query}`;
  // The server answers this endpoint's contract (functions/src/router.ts types each handler's
  // reply by the same definition).
  // Options only where they change something: a busy answer is retried for idempotent calls.
  const args = endpoint.idempotent
    ? [call?.body, { idempotent: true }]
    : call?.body === undefined
      ? []
      : [call.body];
  return (await apiRequest(endpoint.method, path, ...args)) as ResponseOf<E>;
}

/**
 * The file a GET endpoint answering a FileDownload sends to the signed-in caller (the guest
 * list's CSV), as a Blob to save; failures come back as for `callApi`.
 */
export function downloadApi<E extends AnyEndpoint & { response?: FileDownload }>(
  endpoint: E,
  ...[call]: CallArgs<E>
): Promise<Blob> {
  return apiFile(`/api${pathOf(endpoint.path, call?.params)}`);
}
