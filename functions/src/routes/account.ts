import { eventChoices } from '@gatherly/domain/account-deletion';
import { API } from '@gatherly/domain/api/endpoints';
import { linkContext } from '../mail/params.ts';
import { route, type Route } from '../router.ts';
import { deleteAccount, previewAccountDeletion } from '../services/account-deletion.ts';
import { createDataExport, openDataExport } from '../services/data-export.ts';
import { unavailablePage } from './photo-archives.ts';

/**
 * The caller's own account (docs/api.md, "Your data"): no route names a uid, so nobody can act
 * on another person's account.
 */
export const accountRoutes: Route[] = [
  route(API.accountDeletionPreview, async ({ caller }) => ({
    body: await previewAccountDeletion(caller),
  })),
  route(API.deleteAccount, async ({ caller, body }) => {
    await deleteAccount(caller, eventChoices(body.events), () => linkContext());
    return { body: { deleted: true } };
  }),
  route(API.requestDataExport, async ({ caller }) => ({
    status: 201,
    body: await createDataExport(caller),
  })),
  // Public: the browser's downloader opens the link (no Authorization header); the id is the
  // credential, it works once and for 15 minutes (services/data-export.ts).
  route(API.openDataExport, async ({ params }) => {
    const opened = await openDataExport(params.exportId);
    if (!opened.ok) return { status: opened.status, html: unavailablePage(opened.message) };
    return { download: opened.download };
  }),
];
