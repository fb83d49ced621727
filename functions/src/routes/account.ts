import { accountDeletionRequestSchema, eventChoices } from '@gatherly/domain/account-deletion';
import { linkContext } from '../mail/params.ts';
import { publicRoute, route, type Route } from '../router.ts';
import { deleteAccount, previewAccountDeletion } from '../services/account-deletion.ts';
import { createDataExport, openDataExport } from '../services/data-export.ts';
import { validateBody } from '../validate.ts';
import { unavailablePage } from './photo-archives.ts';

/**
 * The caller's own account (docs/api.md, "Your data"): no route names a uid, so nobody can act
 * on another person's account.
 */
export const accountRoutes: Route[] = [
  route({
    method: 'GET',
    pattern: '/user/account-deletion',
    access: 'app',
    async handle({ caller }) {
      return { body: await previewAccountDeletion(caller) };
    },
  }),
  route({
    method: 'POST',
    pattern: '/user/account-deletion',
    access: 'app',
    async handle({ caller, body }) {
      const { events } = validateBody(accountDeletionRequestSchema, body);
      await deleteAccount(caller, eventChoices(events), () => linkContext());
      return { body: { deleted: true } };
    },
  }),
  route({
    method: 'POST',
    pattern: '/user/data-export',
    access: 'app',
    async handle({ caller }) {
      return { status: 201, body: await createDataExport(caller) };
    },
  }),
  // Public: the browser's downloader opens the link (no Authorization header); the id is the
  // credential, it works once and for 15 minutes (services/data-export.ts).
  publicRoute({
    method: 'GET',
    pattern: '/user/data-exports/:exportId',
    async handle({ params }) {
      const opened = await openDataExport(params.exportId);
      if (!opened.ok) return { status: opened.status, html: unavailablePage(opened.message) };
      return { download: opened.download };
    },
  }),
];
