// The signed-in person's own account on the server (docs/api.md, "Your data"): what deleting it
// would do, deleting it, and the one-time link to a download of everything stored about them.
import type { AccountDeletionPreview, EventChoice } from '@gatherly/domain/account-deletion';
import { API } from '@gatherly/domain/api/endpoints';
import type { DataExportResponse } from '@gatherly/domain/data-export';
import { callApi } from '../../lib/api-client.ts';

export function loadDeletionPreview(): Promise<AccountDeletionPreview> {
  return callApi(API.accountDeletionPreview);
}

export function deleteMyAccount(events: EventChoice[]): Promise<unknown> {
  return callApi(API.deleteAccount, { body: { events } });
}

export function requestDataExport(): Promise<DataExportResponse> {
  return callApi(API.requestDataExport);
}
