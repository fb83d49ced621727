// The signed-in person's own account: the profile made at first sign-in and the subscription
// usage (docs/product.md, "Sign-in", "Subscription tiers and limits").
import { Timestamp, type Transaction } from 'firebase-admin/firestore';
import type {
  SubscriptionLimitsResponse,
  SubscriptionResponse,
} from '@gatherly/domain/api/responses';
import { DEFAULT_TIER, canCreate, formatUsage, storageUsedMb } from '@gatherly/domain/tiers';
import type { Caller } from '../caller.ts';
import { deletionRunning } from './account-guard.ts';
import type { UserRecord } from '../db.ts';
import { store } from '../firebase.ts';
import {
  countOf,
  eventsCreatedBy,
  invitationsSentSince,
  startOfUtcDay,
  storedBytesOf,
  tierLimits,
  userTierName,
} from '../tiers.ts';

/**
 * Creates the profile on first sign-in (tier free) and refreshes the e-mail afterwards. Name
 * and photo come from the provider only while the user has not set their own (an address in
 * place of a name counts as none), so a sign-in never overwrites profile edits. Subscription fields are never touched after creation.
 */
export async function signIn(tx: Transaction, caller: Caller): Promise<UserRecord> {
  const ref = store().user(caller.uid);
  const current = (await tx.get(ref)).data();
  const now = Timestamp.now();
  // While the account is being deleted, signing in (to finish the deletion) writes nothing.
  const deleting = await deletionRunning(tx, caller.uid);
  if (!current) {
    const created: UserRecord = {
      id: caller.uid,
      email: caller.email,
      displayName: caller.displayName,
      photoURL: caller.photoURL,
      phoneNumber: '',
      venmoUsername: '',
      subscriptionStatus: DEFAULT_TIER,
      subscriptionTier: DEFAULT_TIER,
      subscriptionExpiresAt: null,
      createdAt: now,
      updatedAt: now,
    };
    if (!deleting) tx.create(ref, created);
    return created;
  }
  if (deleting) return current;
  const update: Partial<UserRecord> = { email: caller.email, updatedAt: now };
  // An e-mail link brings no name (the address stood in for one): a provider's real name may fill it.
  const unnamed = !current.displayName || current.displayName === current.email;
  if (unnamed && caller.displayName && caller.displayName !== caller.email)
    update.displayName = caller.displayName;
  if (!current.photoURL && caller.photoURL) update.photoURL = caller.photoURL;
  tx.update(ref, update);
  return { ...current, ...update };
}

/** The caller's tier with usage against each limit (storage in MB, rounded up). */
export async function subscriptionSummary(caller: Caller): Promise<SubscriptionResponse> {
  const tierName = await userTierName(caller.uid);
  const [tier, events, invitationsToday, storageBytes] = await Promise.all([
    tierLimits(tierName),
    countOf(eventsCreatedBy(caller.uid)),
    countOf(invitationsSentSince(caller.uid, startOfUtcDay())),
    storedBytesOf(caller.uid),
  ]);
  const storageMb = storageUsedMb(storageBytes);
  return {
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
      advancedSchedulingEnabled: tier.advancedSchedulingEnabled,
    },
  };
}

/** The create-event check: events the caller created against the tier's maxEvents. */
export async function eventLimits(caller: Caller): Promise<SubscriptionLimitsResponse> {
  const [tier, used] = await Promise.all([
    userTierName(caller.uid).then((name) => tierLimits(name)),
    countOf(eventsCreatedBy(caller.uid)),
  ]);
  return { currentUsage: used, limit: tier.maxEvents, canCreate: canCreate(used, tier.maxEvents) };
}
