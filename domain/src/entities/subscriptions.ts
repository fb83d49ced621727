// Plans: their limits and features (tiers.ts holds the values) and metered usage.
import type { IsoDateString } from './common.ts';

export type SubscriptionTierName = 'free' | 'paid' | 'enterprise';

export type SubscriptionStatus = string;

export interface TierLimits {
  maxEvents: number;
  maxAttendeesPerEvent: number;
  maxPhotosPerEvent: number;
  maxTravelEntriesPerEvent: number;
  maxStorageMb: number;
  maxInvitationsPerDay: number;
  /** Announcements e-mailed per event and UTC day; the event creator's tier decides. */
  maxAnnouncementsPerEventPerDay: number;
  eventHistoryRetentionDays: number;
}

export interface TierFeatures {
  customBrandingEnabled: boolean;
  customBrandingAdvancedEnabled: boolean;
  priorityEmailDelivery: boolean;
  exportDataEnabled: boolean;
  analyticsEnabled: boolean;
  apiAccessEnabled: boolean;
  advancedSchedulingEnabled: boolean;
  whiteLabelEnabled: boolean;
}

/** Limits use -1 for unlimited. */
export interface SubscriptionTier<Time = IsoDateString> extends TierLimits, TierFeatures {
  id: SubscriptionTierName;
  tierName: SubscriptionTierName;
  displayName: string;
  createdAt: Time;
  updatedAt: Time;
}

/** One metered usage of a plan (SubscriptionResponse, api/responses.ts). */
export interface UsageCount {
  used: number;
  /** -1 = unlimited. */
  limit: number;
}
