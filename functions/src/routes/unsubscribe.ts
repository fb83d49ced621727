import { preferencesUrl } from '@gatherly/domain/email/links';
import {
  unsubscribePage,
  type UnsubscribePageState,
} from '@gatherly/domain/email/unsubscribe-page';
import type { Reply } from '../http.ts';
import { appOrigin } from '../mail/params.ts';
import { publicRoute, type PublicCtx, type Route } from '../router.ts';
import { unsubscribe, type UnsubscribeOutcome } from '../services/unsubscribe.ts';

const STATUS: Record<UnsubscribePageState, number> = {
  confirm: 200,
  unsubscribed: 200,
  resubscribed: 200,
  expired: 410,
  invalid: 400,
};

/** The form posts back to this same path; only the query changes. */
const actionFor = (token: string, resubscribe: boolean) =>
  `?token=${encodeURIComponent(token)}${resubscribe ? '&resubscribe=1' : ''}`;

function query(ctx: PublicCtx<string>): URLSearchParams {
  return new URL(ctx.req.url ?? '/', 'http://localhost').searchParams;
}

/** The page for an outcome: confirm offers Unsubscribe, unsubscribed offers Subscribe again. */
function page(token: string, outcome: UnsubscribeOutcome): Reply {
  const formAction =
    outcome.state === 'confirm'
      ? actionFor(token, false)
      : outcome.state === 'unsubscribed'
        ? actionFor(token, true)
        : undefined;
  const { html } = unsubscribePage({
    state: outcome.state,
    ...(outcome.topic ? { topic: outcome.topic } : {}),
    ...(formAction ? { formAction } : {}),
    preferencesUrl: preferencesUrl(appOrigin()),
  });
  return { status: STATUS[outcome.state], html };
}

// Public: the signed token is the authority (services/unsubscribe.ts). These are the only
// routes that answer HTML: people open them from an e-mail.
export const unsubscribeRoutes: Route[] = [
  publicRoute({
    method: 'GET',
    pattern: '/unsubscribe',
    async handle(ctx) {
      const token = query(ctx).get('token') ?? '';
      return page(token, await unsubscribe(token, 'confirm'));
    },
  }),
  publicRoute({
    method: 'POST',
    pattern: '/unsubscribe',
    async handle(ctx) {
      const params = query(ctx);
      const token = params.get('token') ?? '';
      const action = params.get('resubscribe') === '1' ? 'resubscribe' : 'unsubscribe';
      return page(token, await unsubscribe(token, action));
    },
  }),
];
