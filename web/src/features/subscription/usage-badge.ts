import type { CreationBadgeVariant, SubscriptionBadgeVariant } from '@gatherly/domain/tiers';

/** Chakra props for the usage badge variants (destructive / secondary / outline / default). */
export function badgeProps(variant: SubscriptionBadgeVariant | CreationBadgeVariant): {
  variant: 'solid' | 'subtle' | 'outline';
  colorPalette: string;
} {
  switch (variant) {
    case 'destructive':
      return { variant: 'solid', colorPalette: 'red' };
    case 'secondary':
      return { variant: 'subtle', colorPalette: 'orange' };
    case 'outline':
      return { variant: 'outline', colorPalette: 'gray' };
    default:
      return { variant: 'subtle', colorPalette: 'brand' };
  }
}
