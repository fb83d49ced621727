import type { LoginResponse } from '@gatherly/domain/entities';
import { db } from '../firebase.ts';
import { route, type Route } from '../router.ts';
import { apiShape } from '../serialize.ts';
import { signIn } from '../services/account.ts';

export const authRoutes: Route[] = [
  route({
    method: 'POST',
    pattern: '/auth/login',
    access: 'app',
    async handle({ caller }) {
      const user = await db().runTransaction((tx) => signIn(tx, caller));
      const body: LoginResponse = { user: apiShape(user) };
      return { body };
    },
  }),
];
