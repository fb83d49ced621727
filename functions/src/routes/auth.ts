import { API } from '@gatherly/domain/api/endpoints';
import { db } from '../firebase.ts';
import { route, type Route } from '../router.ts';
import { apiShape } from '../serialize.ts';
import { signIn } from '../services/account.ts';

export const authRoutes: Route[] = [
  route(API.login, async ({ caller }) => {
    const user = await db().runTransaction((tx) => signIn(tx, caller));
    return { body: { user: apiShape(user) } };
  }),
];
