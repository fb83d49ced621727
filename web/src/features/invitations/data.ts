// The public invitation view and its acceptance (both through the API: tokens are never
// readable from Firestore).
import { useEffect, useState } from 'react';
import { API } from '@gatherly/domain/api/endpoints';
import type { AcceptInvitationResponse } from '@gatherly/domain/api/responses';
import type { InvitationView } from '@gatherly/domain/entities/members';
import { ApiError } from '../../lib/api.ts';
import { callApi } from '../../lib/api-client.ts';

export type InvitationLoad =
  | { state: 'loading' }
  | { state: 'not-found' }
  | { state: 'error' }
  | { state: 'ready'; invitation: InvitationView };

/**
 * The invitation behind `token`, looked up again when the signed-in person (`uid`) changes: a
 * member of the event gets its id (to open a used invitation's event). A refresh keeps showing
 * what was loaded until the new answer arrives.
 */
export function useInvitation(
  token: string | undefined,
  uid: string | null = null,
): InvitationLoad {
  const [load, setLoad] = useState<InvitationLoad & { token?: string }>({ state: 'loading' });
  useEffect(() => {
    if (!token) return;
    let live = true;
    callApi(API.getInvitation, { params: { token } }).then(
      (res) => live && setLoad({ state: 'ready', invitation: res.invitation, token }),
      (err: unknown) => {
        if (!live) return;
        console.error('Invitation lookup failed', err);
        setLoad((prev) =>
          prev.token === token && prev.state === 'ready'
            ? prev
            : {
                state: err instanceof ApiError && err.status === 404 ? 'not-found' : 'error',
                token,
              },
        );
      },
    );
    return () => {
      live = false;
    };
  }, [token, uid]);
  return load.token === token ? load : { state: 'loading' };
}

/** Accepts as the signed-in person; `displayName` names a guest whose account came without one. */
export function acceptInvitation(
  token: string,
  displayName = '',
): Promise<AcceptInvitationResponse> {
  const name = displayName.trim();
  return callApi(API.acceptInvitation, {
    params: { token },
    body: name ? { displayName: name } : {},
  });
}

/** Google is the natural way in for a Google address; for anything else, a link by e-mail. */
export function isGoogleAddress(email: string): boolean {
  return /@(gmail|googlemail)\.com$/i.test(email.trim());
}

export function emailsMatch(a: string | null | undefined, b: string | null | undefined): boolean {
  return !!a && !!b && a.trim().toLowerCase() === b.trim().toLowerCase();
}
