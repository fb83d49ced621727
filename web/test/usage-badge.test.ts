import { creationBadge, subscriptionBadge } from '@gatherly/domain/tiers';
import { describe, expect, it } from 'vitest';
import { badgeProps } from '../src/features/subscription/usage-badge.ts';

describe('badgeProps', () => {
  it('maps the badge variants to Chakra badges at the 50/75/90 % thresholds', () => {
    expect(badgeProps(subscriptionBadge(49))).toEqual({ variant: 'outline', colorPalette: 'gray' });
    expect(badgeProps(subscriptionBadge(50))).toEqual({
      variant: 'subtle',
      colorPalette: 'orange',
    });
    expect(badgeProps(subscriptionBadge(75))).toEqual({ variant: 'solid', colorPalette: 'red' });
    expect(badgeProps(creationBadge(74))).toEqual({ variant: 'subtle', colorPalette: 'brand' });
    expect(badgeProps(creationBadge(75))).toEqual({ variant: 'subtle', colorPalette: 'orange' });
    expect(badgeProps(creationBadge(90))).toEqual({ variant: 'solid', colorPalette: 'red' });
  });
});
