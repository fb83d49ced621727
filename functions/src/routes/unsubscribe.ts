import { preferencesUrl } from '@gatherly/domain/email/links';
import {
  unsubscribePage,
  type UnsubscribePageState,
} from '@gatherly/domain/email/unsubscribe-page';
import { API } from '@gatherly/domain/api/endpoints';
import { appOrigin } from '../mail/params.ts';
import { route, type PublicCtx, type Route } from '../router.ts';
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

type PageCtx = PublicCtx<typeof API.unsubscribe | typeof API.unsubscribePage>;

function query(ctx: PageCtx): URLSearchParams {
  return new URL(ctx.req.url ?? '/', 'http://localhost').searchParams;
}

/** The page for an outcome: confirm offers Unsubscribe, unsubscribed offers Subscribe again. */
function page(token: string, outcome: UnsubscribeOutcome): { status: number; html: string } {
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
  route(API.unsubscribePage, async (ctx) => {
    const token = query(ctx).get('token') ?? '';
    return page(token, await unsubscribe(token, 'confirm'));
  }),
  route(API.unsubscribe, async (ctx) => {
    const params = query(ctx);
    const token = params.get('token') ?? '';
    const action = params.get('resubscribe') === '1' ? 'resubscribe' : 'unsubscribe';
    return page(token, await unsubscribe(token, action));
  }),
];
