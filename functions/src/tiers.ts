import {
  AggregateField,
  Timestamp,
  type DocumentData,
  type Query,
  type Transaction,
} from 'firebase-admin/firestore';
import type {
  SubscriptionTierName,
  TierFeatures,
  TierLimits,
} from '@gatherly/domain/entities/subscriptions';
import {
  PREMIUM_REQUIRED_MESSAGE,
  canCreate,
  canStore,
  isTierName,
  tierDefinition,
  type TierDefinition,
} from '@gatherly/domain/tiers';
import { store } from './firebase.ts';
import { forbidden } from './http.ts';

type Reader = Transaction | null;

/** The tier a user is on. An expired paid subscription counts as free. */
export async function userTierName(uid: string, tx: Reader = null): Promise<SubscriptionTierName> {
  const ref = store().user(uid);
  const snap = tx ? await tx.get(ref) : await ref.get();
  const data = snap.data();
  // Checked at run time too: a tier name the domain does not know counts as free.
  const tier: unknown = data?.subscriptionTier;
  if (!isTierName(tier)) return 'free';
  const expires: unknown = data?.subscriptionExpiresAt;
  if (tier !== 'free' && expires instanceof Timestamp && expires.toMillis() < Date.now())
    return 'free';
  return tier;
}

const LIMIT_KEYS: (keyof TierLimits)[] = [
  'maxEvents',
  'maxAttendeesPerEvent',
  'maxPhotosPerEvent',
  'maxTravelEntriesPerEvent',
  'maxStorageMb',
  'maxInvitationsPerDay',
  'maxAnnouncementsPerEventPerDay',
  'eventHistoryRetentionDays',
];
const FEATURE_KEYS: (keyof TierFeatures)[] = [
  'customBrandingEnabled',
  'customBrandingAdvancedEnabled',
  'priorityEmailDelivery',
  'exportDataEnabled',
  'analyticsEnabled',
  'apiAccessEnabled',
  'advancedSchedulingEnabled',
  'whiteLabelEnabled',
];

/**
 * The tier's limits: the seeded `subscriptionTiers/{tier}` document wins field by field (so an
 * operator can tune limits without a deploy); the domain's definition fills anything missing.
 */
export async function tierLimits(
  tier: SubscriptionTierName,
  tx: Reader = null,
): Promise<TierDefinition> {
  const ref = store().tier(tier);
  const snap = tx ? await tx.get(ref) : await ref.get();
  const stored = snap.data() ?? { id: tier };
  const merged: TierDefinition = { ...tierDefinition(tier) };
  for (const key of LIMIT_KEYS) {
    const v: unknown = stored[key];
    if (typeof v === 'number' && Number.isInteger(v)) merged[key] = v;
  }
  for (const key of FEATURE_KEYS) {
    const v: unknown = stored[key];
    if (typeof v === 'boolean') merged[key] = v;
  }
  if (typeof stored.displayName === 'string' && stored.displayName !== '')
    merged.displayName = stored.displayName;
  return merged;
}

export async function tierOfUser(uid: string, tx: Reader = null): Promise<TierDefinition> {
  return tierLimits(await userTierName(uid, tx), tx);
}

/** count() aggregation, inside the transaction when given (never reads the documents). */
export async function countOf<A, D extends DocumentData>(
  query: Query<A, D>,
  tx: Reader = null,
): Promise<number> {
  const agg = query.count();
  const snap = tx ? await tx.get(agg) : await agg.get();
  return snap.data().count;
}

export async function sumOf<A, D extends DocumentData>(
  query: Query<A, D>,
  field: keyof D & string,
  tx: Reader = null,
): Promise<number> {
  const agg = query.aggregate({ total: AggregateField.sum(field) });
  const snap = tx ? await tx.get(agg) : await agg.get();
  const total = snap.data().total;
  return typeof total === 'number' ? total : 0;
}

// The queries behind each usage figure (see docs/api.md "Tier limits").
export const eventsCreatedBy = (uid: string) => store().events.where('createdBy', '==', uid);
export const photosUploadedBy = (uid: string) =>
  store().groups.photos().where('uploadedBy', '==', uid);

/**
 * The bytes a member's photos occupy in Storage: originals and thumbnails. Two aggregations, not
 * one with two sums: a multi-aggregation counts only documents that have every summed field,
 * and photos recorded before thumbnails were counted have no `thumbSize`.
 */
export async function storedBytesOf(uid: string, tx: Reader = null): Promise<number> {
  const [originals, thumbs] = await Promise.all([
    sumOf(photosUploadedBy(uid), 'size', tx),
    sumOf(photosUploadedBy(uid), 'thumbSize', tx),
  ]);
  return originals + thumbs;
}
/**
 * Invitations are counted in `invitationLog`, a ledger that outlives the event: counting the
 * events' own invitation documents would refund the day's invitations when an event is deleted.
 */
export const invitationsSentSince = (uid: string, since: Date) =>
  store()
    .invitationLog.where('invitedByUserId', '==', uid)
    .where('sentAt', '>=', Timestamp.fromDate(since));

export function startOfUtcDay(now = new Date()): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
}

/**
 * 403 with the text the client matches on ("Premium subscription required"), for a limit of the
 * caller's own plan (it names the plan and the number).
 */
export function requireWithin(
  used: number,
  limit: number,
  what: string,
  tier: TierDefinition,
): void {
  if (canCreate(used, limit)) return;
  throw limitReached(limit, what, tier);
}

/** The 403 of a tier limit that is reached. */
export function limitReached(limit: number, what: string, tier: TierDefinition) {
  return forbidden(
    `${PREMIUM_REQUIRED_MESSAGE}: the ${tier.displayName} plan allows ${limit} ${what}`,
  );
}

/**
 * A limit of the event creator's plan (photos, attendees, travel entries, announcements per
 * event). The creator is told their plan and its number; anyone else only that the event is
 * full, never which plan the creator is on (the number would tell it too).
 */
export function requireEventWithin(
  used: number,
  limit: number,
  named: { what: string; more: string },
  tier: TierDefinition,
  callerIsCreator: boolean,
): void {
  if (canCreate(used, limit)) return;
  throw eventLimitReached(limit, named, tier, callerIsCreator);
}

/** The 403 of a reached limit of the event creator's plan, worded as `requireEventWithin`. */
export function eventLimitReached(
  limit: number,
  named: { what: string; more: string },
  tier: TierDefinition,
  callerIsCreator: boolean,
) {
  if (callerIsCreator) return limitReached(limit, named.what, tier);
  return forbidden(
    `${PREMIUM_REQUIRED_MESSAGE}: this event cannot take ${named.more} on its creator's plan`,
  );
}

export function requireStorage(usedBytes: number, addBytes: number, tier: TierDefinition): void {
  if (canStore(usedBytes, addBytes, tier.maxStorageMb)) return;
  throw forbidden(
    `${PREMIUM_REQUIRED_MESSAGE}: the ${tier.displayName} plan includes ${tier.maxStorageMb} MB of photo storage`,
  );
}
