import { describe, expect, it } from 'vitest';
import {
  APPROACHING_LIMITS_TEXT,
  DEFAULT_TIER,
  PREMIUM_REQUIRED_MESSAGE,
  TIERS,
  TIER_NAMES,
  UNLIMITED,
  approachingLimits,
  bytesToMb,
  canCreate,
  canStore,
  clampPercent,
  creationBadge,
  creationBadgeShowsWarning,
  formatLimit,
  formatUsage,
  isTierName,
  isUnlimited,
  nextTier,
  parseUsage,
  showsUpgradeIcon,
  storageUsedMb,
  subscriptionBadge,
  subscriptionCardTitle,
  tierDefinition,
  tierDisplayName,
  usagePercent,
} from '../src/tiers.ts';

describe('tier definitions', () => {
  it('match docs/data-model.md', () => {
    expect(TIER_NAMES).toEqual(['free', 'paid', 'enterprise']);
    expect(DEFAULT_TIER).toBe('free');
    const row = (t: keyof typeof TIERS) => {
      const d = TIERS[t];
      return [
        d.displayName,
        d.maxEvents,
        d.maxAttendeesPerEvent,
        d.maxPhotosPerEvent,
        d.maxTravelEntriesPerEvent,
        d.maxStorageMb,
        d.maxInvitationsPerDay,
      ];
    };
    expect(row('free')).toEqual(['Free', 2, 25, 100, 30, 500, 20]);
    expect(row('paid')).toEqual(['Pro', 10, 100, 1000, 300, 5000, 100]);
    expect(row('enterprise')).toEqual(['Enterprise', -1, 1000, 10000, 3000, 50000, 1000]);
  });

  it('each tier names itself and enterprise has every feature', () => {
    for (const name of TIER_NAMES) expect(TIERS[name].tierName).toBe(name);
    const e = TIERS.enterprise;
    expect([
      e.customBrandingEnabled,
      e.customBrandingAdvancedEnabled,
      e.priorityEmailDelivery,
      e.exportDataEnabled,
      e.analyticsEnabled,
      e.apiAccessEnabled,
      e.advancedSchedulingEnabled,
      e.whiteLabelEnabled,
    ]).toEqual(Array(8).fill(true));
    expect(TIERS.free.analyticsEnabled).toBe(false);
  });

  it('unknown tier names fall back to free', () => {
    expect(isTierName('paid')).toBe(true);
    expect(isTierName('pro')).toBe(false);
    expect(tierDefinition('gold').tierName).toBe('free');
    expect(tierDefinition(undefined).tierName).toBe('free');
    expect(tierDefinition('enterprise').tierName).toBe('enterprise');
  });

  it('display names and card titles', () => {
    expect(tierDisplayName('paid')).toBe('Pro');
    expect(subscriptionCardTitle('free')).toBe('Upgrade to Unlock');
    expect(subscriptionCardTitle('paid')).toBe('Pro Plan');
    expect(subscriptionCardTitle('enterprise')).toBe('Enterprise Plan');
    expect(subscriptionCardTitle('paid', 'Custom')).toBe('Custom Plan');
  });

  it('premium message text is exact', () => {
    expect(PREMIUM_REQUIRED_MESSAGE).toBe('Premium subscription required');
    expect(APPROACHING_LIMITS_TEXT).toBe('Approaching limits');
  });
});

describe('usagePercent', () => {
  it.each([
    [0, 10, 0],
    [5, 10, 50],
    [10, 10, 100],
    [12, 10, 120],
    [3, UNLIMITED, 0],
    [0, 0, 100],
    [1, 3, 100 / 3],
  ])('%d of %d = %d%%', (used, limit, expected) => {
    expect(usagePercent(used, limit)).toBeCloseTo(expected, 10);
  });

  it('clampPercent keeps 0..100', () => {
    expect(clampPercent(120)).toBe(100);
    expect(clampPercent(-5)).toBe(0);
    expect(clampPercent(42)).toBe(42);
  });

  it('isUnlimited only for negative limits', () => {
    expect(isUnlimited(-1)).toBe(true);
    expect(isUnlimited(0)).toBe(false);
  });
});

describe('subscriptionBadge thresholds 50 / 75', () => {
  it.each([
    [0, 'outline'],
    [49.99, 'outline'],
    [50, 'secondary'],
    [74.99, 'secondary'],
    [75, 'destructive'],
    [100, 'destructive'],
    [150, 'destructive'],
  ] as const)('%d%% → %s', (percent, variant) => {
    expect(subscriptionBadge(percent)).toBe(variant);
  });
});

describe('creationBadge thresholds 75 / 90', () => {
  it.each([
    [0, 'default', false],
    [74.99, 'default', false],
    [75, 'secondary', true],
    [89.99, 'secondary', true],
    [90, 'destructive', true],
    [100, 'destructive', true],
  ] as const)('%d%% → %s (warning %s)', (percent, variant, warning) => {
    expect(creationBadge(percent)).toBe(variant);
    expect(creationBadgeShowsWarning(percent)).toBe(warning);
  });
});

describe('approachingLimits', () => {
  it('is false when every usage is under 75 %', () => {
    expect(approachingLimits([0, 50, 74.99])).toBe(false);
    expect(approachingLimits([])).toBe(false);
  });

  it('is true when any usage reaches 75 %', () => {
    expect(approachingLimits([10, 75])).toBe(true);
    expect(approachingLimits([{ used: 3, limit: 4 }])).toBe(true);
    expect(
      approachingLimits([
        { used: 2, limit: 4 },
        { used: 100, limit: UNLIMITED },
      ]),
    ).toBe(false);
  });
});

describe('usage text', () => {
  it('formats used/limit including unlimited and units', () => {
    expect(formatUsage(3, 10)).toBe('3/10');
    expect(formatUsage(0, 0)).toBe('0/0');
    expect(formatUsage(3, UNLIMITED)).toBe('3/Unlimited');
    expect(formatUsage(120, 500, 'MB')).toBe('120 MB/500 MB');
    expect(formatUsage(120, UNLIMITED, 'MB')).toBe('120 MB/Unlimited');
  });

  it('parses what it formats and rejects other text', () => {
    expect(parseUsage('3/10')).toEqual({ used: 3, limit: 10 });
    expect(parseUsage('3/Unlimited')).toEqual({ used: 3, limit: -1 });
    expect(parseUsage('120 MB/500 MB')).toEqual({ used: 120, limit: 500 });
    expect(parseUsage('')).toBeNull();
    expect(parseUsage('three of ten')).toBeNull();
  });

  it('formats limits with thousands separators', () => {
    expect(formatLimit(1000)).toBe('1,000');
    expect(formatLimit(25)).toBe('25');
    expect(formatLimit(UNLIMITED)).toBe('Unlimited');
  });
});

describe('canCreate', () => {
  it.each([
    [0, 2, true],
    [1, 2, true],
    [2, 2, false],
    [3, 2, false],
    [0, 0, false],
    [999999, UNLIMITED, true],
  ])('%d used of %d → %s', (used, limit, expected) => {
    expect(canCreate(used, limit)).toBe(expected);
  });
});

describe('nextTier and upgrade icon', () => {
  it('free → paid (Pro), otherwise enterprise', () => {
    expect(nextTier('free')).toBe('paid');
    expect(nextTier('paid')).toBe('enterprise');
    expect(nextTier('enterprise')).toBe('enterprise');
  });

  it('upgrade icon on free only', () => {
    expect(showsUpgradeIcon('free')).toBe(true);
    expect(showsUpgradeIcon('paid')).toBe(false);
  });
});

describe('storage maths', () => {
  it('converts bytes to MB and rounds usage up', () => {
    expect(bytesToMb(1048576)).toBe(1);
    expect(storageUsedMb(0)).toBe(0);
    expect(storageUsedMb(1)).toBe(1);
    expect(storageUsedMb(1048577)).toBe(2);
  });

  it('canStore allows exactly the limit and not one byte more', () => {
    expect(canStore(0, 500 * 1048576, 500)).toBe(true);
    expect(canStore(1, 500 * 1048576, 500)).toBe(false);
    expect(canStore(10 ** 12, 10 ** 12, UNLIMITED)).toBe(true);
  });
});
