// The signed-in person's own profile document: read live, and the e-mail preferences written
// directly (firestore.rules let the owner change `emailPreferences`, booleans per topic only).
import { updateDoc, type Firestore } from 'firebase/firestore';
import type { EmailTopic } from '@gatherly/domain/entities/users';
import { userProfileRef } from '../../lib/db/refs.ts';
import { useDb, useLiveDoc } from '../../lib/live/index.ts';
import type { UserProfileDoc } from '../../lib/types.ts';

export interface ProfileState {
  loading: boolean;
  profile: UserProfileDoc | undefined;
}

export function useMyProfile(uid: string): ProfileState {
  const db = useDb();
  const res = useLiveDoc(userProfileRef(db, uid));
  return { loading: res.loading, profile: res.data };
}

/** One topic per write (a field path), so two tabs switching different topics both keep theirs. */
export function saveEmailPreference(db: Firestore, uid: string, topic: EmailTopic, on: boolean) {
  return updateDoc(userProfileRef(db, uid), { [`emailPreferences.${topic}`]: on });
}
