// The signed-in person's own account on the server (docs/api.md, "Your data"): what deleting it
// would do, deleting it, and the one-time link to a download of everything stored about them.
import type { AccountDeletionPreview, EventChoice } from '@gatherly/domain/account-deletion';
import type { DataExportResponse } from '@gatherly/domain/data-export';
import { apiRequest } from '../../lib/api.ts';

export function loadDeletionPreview(): Promise<AccountDeletionPreview> {
  return apiRequest<AccountDeletionPreview>('GET', '/api/user/account-deletion');
}

export function deleteMyAccount(events: EventChoice[]): Promise<unknown> {
  return apiRequest('POST', '/api/user/account-deletion', { events });
}

export function requestDataExport(): Promise<DataExportResponse> {
  return apiRequest<DataExportResponse>('POST', '/api/user/data-export');
}
