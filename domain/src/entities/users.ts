// users/{uid}: the person, their plan and their e-mail preferences.
import type { IsoDateString } from './common.ts';
import type { SubscriptionStatus, SubscriptionTierName } from './subscriptions.ts';

export interface User<Time = IsoDateString> {
  id: string;
  email: string;
  displayName: string;
  photoURL: string;
  phoneNumber: string;
  venmoUsername: string;
  subscriptionStatus: SubscriptionStatus;
  subscriptionTier: SubscriptionTierName;
  subscriptionExpiresAt: Time | null;
  /** Absent until the person changes a setting or unsubscribes; absent topics are on. */
  emailPreferences?: EmailPreferences;
  createdAt: Time;
  updatedAt: Time;
}

/**
 * E-mail a person can turn off (docs/data-model.md, "E-mail"). Invitations are not a topic: each
 * is sent once, to someone who has no account yet.
 */
export type EmailTopic = 'reminders' | 'announcements';

/** users/{uid}.emailPreferences: false turns a topic off. */
export type EmailPreferences = Partial<Record<EmailTopic, boolean>>;

/** Fields of the user document the owner may edit directly. */
export type EditableUserFields = Pick<
  User,
  'displayName' | 'photoURL' | 'phoneNumber' | 'venmoUsername'
>;
