/**
 * Subscription tiers (docs/data-model.md) and usage maths (docs/product.md,
 * "Subscription tiers and limits").
 * Limits use -1 for unlimited.
 */
import type {
  SubscriptionTierName,
  TierFeatures,
  TierLimits,
  UsageCount,
} from './entities/subscriptions.ts';

export const UNLIMITED = -1;

export const TIER_NAMES: readonly SubscriptionTierName[] = ['free', 'paid', 'enterprise'];
export const DEFAULT_TIER: SubscriptionTierName = 'free';

/** Server error text when a tier limit blocks creation (the client matches on it). */
export const PREMIUM_REQUIRED_MESSAGE = 'Premium subscription required';

export interface TierDefinition extends TierLimits, TierFeatures {
  tierName: SubscriptionTierName;
  displayName: string;
}

/*
 * Limits: data-model.md. Retention and feature flags are ours (the spec names the fields only):
 * every tier keeps basic branding (logo and theme colours, offered by the create form to all);
 * Pro adds advanced branding, export, analytics and advanced scheduling; Enterprise has all.
 */
export const TIERS: Readonly<Record<SubscriptionTierName, Readonly<TierDefinition>>> = {
  free: {
    tierName: 'free',
    displayName: 'Free',
    maxEvents: 2,
    maxAttendeesPerEvent: 25,
    maxPhotosPerEvent: 100,
    maxTravelEntriesPerEvent: 30,
    maxStorageMb: 500,
    maxInvitationsPerDay: 20,
    maxAnnouncementsPerEventPerDay: 2,
    eventHistoryRetentionDays: 90,
    customBrandingEnabled: true,
    customBrandingAdvancedEnabled: false,
    priorityEmailDelivery: false,
    exportDataEnabled: false,
    analyticsEnabled: false,
    apiAccessEnabled: false,
    advancedSchedulingEnabled: false,
    whiteLabelEnabled: false,
  },
  paid: {
    tierName: 'paid',
    displayName: 'Pro',
    maxEvents: 10,
    maxAttendeesPerEvent: 100,
    maxPhotosPerEvent: 1000,
    maxTravelEntriesPerEvent: 300,
    maxStorageMb: 5000,
    maxInvitationsPerDay: 100,
    maxAnnouncementsPerEventPerDay: 5,
    eventHistoryRetentionDays: 365,
    customBrandingEnabled: true,
    customBrandingAdvancedEnabled: true,
    priorityEmailDelivery: false,
    exportDataEnabled: true,
    analyticsEnabled: true,
    apiAccessEnabled: false,
    advancedSchedulingEnabled: true,
    whiteLabelEnabled: false,
  },
  enterprise: {
    tierName: 'enterprise',
    displayName: 'Enterprise',
    maxEvents: UNLIMITED,
    maxAttendeesPerEvent: 1000,
    maxPhotosPerEvent: 10000,
    maxTravelEntriesPerEvent: 3000,
    maxStorageMb: 50000,
    maxInvitationsPerDay: 1000,
    maxAnnouncementsPerEventPerDay: 20,
    eventHistoryRetentionDays: UNLIMITED,
    customBrandingEnabled: true,
    customBrandingAdvancedEnabled: true,
    priorityEmailDelivery: true,
    exportDataEnabled: true,
    analyticsEnabled: true,
    apiAccessEnabled: true,
    advancedSchedulingEnabled: true,
    whiteLabelEnabled: true,
  },
};

export function isTierName(value: unknown): value is SubscriptionTierName {
  return typeof value === 'string' && (TIER_NAMES as readonly string[]).includes(value);
}

/** The tier's definition; unknown names fall back to free. */
export function tierDefinition(tier: string | null | undefined): Readonly<TierDefinition> {
  return isTierName(tier) ? TIERS[tier] : TIERS[DEFAULT_TIER];
}

export function tierDisplayName(tier: SubscriptionTierName): string {
  return TIERS[tier].displayName;
}

/** Subscription card title: free "Upgrade to Unlock", others "{displayName} Plan". */
export function subscriptionCardTitle(
  tier: SubscriptionTierName,
  displayName = tierDisplayName(tier),
): string {
  return tier === 'free' ? 'Upgrade to Unlock' : `${displayName} Plan`;
}

export function isUnlimited(limit: number): boolean {
  return limit < 0;
}

/**
 * Percentage of `limit` used. Unlimited → 0. A zero limit counts as full (100) since nothing
 * can be created. Not clamped: after a downgrade usage may exceed 100.
 */
export function usagePercent(used: number, limit: number): number {
  if (isUnlimited(limit)) return 0;
  if (limit === 0) return 100;
  return (used / limit) * 100;
}

/** For progress bars. */
export function clampPercent(percent: number): number {
  return Math.min(100, Math.max(0, percent));
}

export type SubscriptionBadgeVariant = 'destructive' | 'secondary' | 'outline';
export type CreationBadgeVariant = 'destructive' | 'secondary' | 'default';

/** Subscription card usage badge: ≥75 destructive, ≥50 secondary, else outline. */
export function subscriptionBadge(percent: number): SubscriptionBadgeVariant {
  if (percent >= 75) return 'destructive';
  if (percent >= 50) return 'secondary';
  return 'outline';
}

/** Create-event usage badge: ≥90 destructive, ≥75 secondary (with a warning icon), else default. */
export function creationBadge(percent: number): CreationBadgeVariant {
  if (percent >= 90) return 'destructive';
  if (percent >= 75) return 'secondary';
  return 'default';
}

/** The creation badge shows a warning icon from 75 %. */
export function creationBadgeShowsWarning(percent: number): boolean {
  return percent >= 75;
}

export const APPROACHING_LIMITS_PERCENT = 75;
export const APPROACHING_LIMITS_TEXT = 'Approaching limits';

/** True when any usage (a percentage or a used/limit pair) is at 75 % or more. */
export function approachingLimits(usages: ReadonlyArray<number | UsageCount>): boolean {
  return usages.some((u) => {
    const percent = typeof u === 'number' ? u : usagePercent(u.used, u.limit);
    return percent >= APPROACHING_LIMITS_PERCENT;
  });
}

/** "1,000" or "Unlimited". */
export function formatLimit(limit: number): string {
  return isUnlimited(limit) ? 'Unlimited' : limit.toLocaleString('en-US');
}

/** "used/limit": "3/10", "3/Unlimited"; with a unit "120 MB/500 MB". */
export function formatUsage(used: number, limit: number, unit?: string): string {
  const suffix = unit ? ` ${unit}` : '';
  const limitText = isUnlimited(limit) ? 'Unlimited' : `${limit}${suffix}`;
  return `${used}${suffix}/${limitText}`;
}

/** Inverse of formatUsage; null when the text is not "used/limit". */
export function parseUsage(text: string): UsageCount | null {
  const match =
    /^\s*(\d+(?:\.\d+)?)\s*[A-Za-z]*\s*\/\s*(Unlimited|\d+(?:\.\d+)?)\s*[A-Za-z]*\s*$/.exec(text);
  if (!match || match[1] === undefined || match[2] === undefined) return null;
  const used = Number(match[1]);
  const limit = match[2] === 'Unlimited' ? UNLIMITED : Number(match[2]);
  return { used, limit };
}

/** Whether one more item may be created. */
export function canCreate(used: number, limit: number): boolean {
  return isUnlimited(limit) || used < limit;
}

/** Upgrade target (docs/product.md, "Subscription tiers and limits"): Pro from free, otherwise Enterprise. */
export function nextTier(current: SubscriptionTierName): SubscriptionTierName {
  return current === 'free' ? 'paid' : 'enterprise';
}

/** The upgrade icon shows on the free tier only. */
export function showsUpgradeIcon(tier: SubscriptionTierName): boolean {
  return tier === 'free';
}

const BYTES_PER_MB = 1024 * 1024;

/** Storage usage is counted in whole-or-fractional MB against maxStorageMb. */
export function bytesToMb(bytes: number): number {
  return bytes / BYTES_PER_MB;
}

/** Storage used, rounded up to a whole MB for display ("used/limit"). */
export function storageUsedMb(bytes: number): number {
  return Math.ceil(bytesToMb(bytes));
}

/** Whether adding `addBytes` keeps storage within the tier's MB limit. */
export function canStore(usedBytes: number, addBytes: number, limitMb: number): boolean {
  return isUnlimited(limitMb) || usedBytes + addBytes <= limitMb * BYTES_PER_MB;
}
