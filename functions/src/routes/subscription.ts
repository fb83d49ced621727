import type { SubscriptionLimitsResponse, SubscriptionResponse } from '@gatherly/domain/entities';
import { canCreate, formatUsage, storageUsedMb } from '@gatherly/domain/tiers';
import type { Route } from '../router.ts';
import {
  countOf,
  eventsCreatedBy,
  invitationsSentSince,
  photosUploadedBy,
  startOfUtcDay,
  sumOf,
  tierLimits,
  userTierName,
} from '../tiers.ts';

export const subscriptionRoutes: Route[] = [
  {
    method: 'GET',
    pattern: '/user/subscription',
    async handle({ user }) {
      const tierName = await userTierName(user.uid);
      const [tier, events, invitationsToday, storageBytes] = await Promise.all([
        tierLimits(tierName),
        countOf(eventsCreatedBy(user.uid)),
        countOf(invitationsSentSince(user.uid, startOfUtcDay())),
        sumOf(photosUploadedBy(user.uid), 'size'),
      ]);
      const storageMb = storageUsedMb(storageBytes);
      const body: SubscriptionResponse = {
        tier: tierName,
        displayName: tier.displayName,
        usage: {
          events: formatUsage(events, tier.maxEvents),
          invitationsToday: formatUsage(invitationsToday, tier.maxInvitationsPerDay),
          storage: formatUsage(storageMb, tier.maxStorageMb),
        },
        usageCounts: {
          events: { used: events, limit: tier.maxEvents },
          invitationsToday: { used: invitationsToday, limit: tier.maxInvitationsPerDay },
          storage: { used: storageMb, limit: tier.maxStorageMb },
        },
        features: {
          customBrandingEnabled: tier.customBrandingEnabled,
          customBrandingAdvancedEnabled: tier.customBrandingAdvancedEnabled,
          priorityEmailDelivery: tier.priorityEmailDelivery,
          exportDataEnabled: tier.exportDataEnabled,
          analyticsEnabled: tier.analyticsEnabled,
        },
      };
      return { body };
    },
  },
  {
    // The create-event check: events the caller created against the tier's maxEvents.
    method: 'GET',
    pattern: '/user/subscription/limits',
    async handle({ user }) {
      const [tier, used] = await Promise.all([
        userTierName(user.uid).then((name) => tierLimits(name)),
        countOf(eventsCreatedBy(user.uid)),
      ]);
      const body: SubscriptionLimitsResponse = {
        currentUsage: used,
        limit: tier.maxEvents,
        canCreate: canCreate(used, tier.maxEvents),
      };
      return { body };
    },
  },
];
