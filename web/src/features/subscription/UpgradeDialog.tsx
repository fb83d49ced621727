import { Button, Portal, Text } from '@chakra-ui/react';
import { Dialog } from '../../components/chakra/Dialog.ts';
import { List } from '../../components/chakra/List.ts';
import type { SubscriptionTierName } from '@gatherly/domain/entities/subscriptions';
import { formatLimit, nextTier, TIERS } from '@gatherly/domain/tiers';
import { useEffect, useRef, useState } from 'react';
import { PRICING_URL, type SubscriptionLimitsResponse } from './subscription-api.ts';

export const UPGRADE_CLOSE_DELAY_MS = 1000;

/**
 * Shown when the limits check says the user cannot create another event, or when `feature`
 * (e.g. "Exporting the guest list") belongs to a higher plan. Without a known tier (the
 * subscription fetch failed) it shows the generic 'Upgrade Required' text.
 */
export function UpgradeDialog({
  open,
  onClose,
  tier,
  limits,
  feature,
}: {
  open: boolean;
  onClose(): void;
  tier: SubscriptionTierName | null;
  limits: SubscriptionLimitsResponse | null;
  feature?: string;
}) {
  const [opening, setOpening] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  const target = tier ? TIERS[nextTier(tier)] : null;
  const current = tier ? TIERS[tier] : null;

  const upgrade = () => {
    setOpening(true);
    window.open(PRICING_URL, '_blank', 'noopener,noreferrer');
    timer.current = setTimeout(() => {
      setOpening(false);
      onClose();
    }, UPGRADE_CLOSE_DELAY_MS);
  };

  return (
    <Dialog.Root open={open} onOpenChange={(e) => !e.open && onClose()} placement="center">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner px="4">
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>
                {target ? `Upgrade to ${target.displayName}` : 'Upgrade Required'}
              </Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              {target && current ? (
                <>
                  <Text mb="3">
                    {feature
                      ? `${feature} is not part of the ${current.displayName} plan. Upgrade to ${target.displayName} to use it.`
                      : `You've used ${limits ? `${limits.currentUsage} of ${formatLimit(limits.limit)}` : 'all'} events on the ${current.displayName} plan. Upgrade to ${target.displayName} to create more.`}
                  </Text>
                  <List.Root ps="5" gap="1" color="fg.muted">
                    <List.Item>
                      {target.maxEvents < 0
                        ? 'Unlimited events (10x more events)'
                        : `${formatLimit(target.maxEvents)} events`}
                    </List.Item>
                    <List.Item>{`${formatLimit(target.maxAttendeesPerEvent)} attendees per event`}</List.Item>
                    <List.Item>{`${formatLimit(target.maxPhotosPerEvent)} photos per event`}</List.Item>
                  </List.Root>
                </>
              ) : (
                <Text>
                  You&apos;ve reached your subscription limits. Upgrade to continue using all
                  features.
                </Text>
              )}
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onClose} disabled={opening}>
                Maybe Later
              </Button>
              <Button colorPalette="brand" onClick={upgrade} disabled={opening}>
                {opening ? 'Opening...' : 'Upgrade Now'}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
