import { Timestamp } from 'firebase-admin/firestore';
import type { LoginResponse, User } from '@gatherly/domain/entities';
import { DEFAULT_TIER } from '@gatherly/domain/tiers';
import { db } from '../firebase.ts';
import type { Route } from '../router.ts';
import { apiShape } from '../serialize.ts';

/**
 * POST /api/auth/login: creates the profile on first sign-in (tier free) and refreshes the
 * e-mail afterwards. Name and photo come from the provider only while the user has not set
 * their own, so a sign-in never overwrites profile edits. Subscription fields are never touched
 * after creation (only the server's billing path changes them).
 */
export const authRoutes: Route[] = [
  {
    method: 'POST',
    pattern: '/auth/login',
    async handle({ user }) {
      const ref = db().collection('users').doc(user.uid);
      const stored = await db().runTransaction(async (tx) => {
        const snap = await tx.get(ref);
        const now = Timestamp.now();
        const current = snap.data();
        if (!current) {
          const created: Omit<User<Timestamp>, 'id'> = {
            email: user.email,
            displayName: user.displayName,
            photoURL: user.photoURL,
            phoneNumber: '',
            venmoUsername: '',
            subscriptionStatus: DEFAULT_TIER,
            subscriptionTier: DEFAULT_TIER,
            subscriptionExpiresAt: null,
            createdAt: now,
            updatedAt: now,
          };
          tx.create(ref, created);
          return created;
        }
        const update: Record<string, unknown> = { email: user.email, updatedAt: now };
        if (!current.displayName && user.displayName) update.displayName = user.displayName;
        if (!current.photoURL && user.photoURL) update.photoURL = user.photoURL;
        tx.update(ref, update);
        return { ...current, ...update };
      });
      const body: LoginResponse = { user: { ...apiShape<Omit<User, 'id'>>(stored), id: user.uid } };
      return { body };
    },
  },
];
