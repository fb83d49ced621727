import { Badge, Box, Button, Card, Flex, Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { Skeleton } from '../../components/chakra/Skeleton.ts';
import { Collapsible } from '../../components/chakra/Collapsible.ts';
import { Progress } from '../../components/chakra/Progress.ts';
import type { UsageCount } from '@gatherly/domain/entities/subscriptions';
import {
  APPROACHING_LIMITS_TEXT,
  approachingLimits,
  clampPercent,
  formatUsage,
  subscriptionBadge,
  subscriptionCardTitle,
  usagePercent,
} from '@gatherly/domain/tiers';
import { useState } from 'react';
import {
  CheckIcon,
  ChevronDownIcon,
  CrownIcon,
  ExternalLinkIcon,
} from '../../components/icons.tsx';
import { AlertIcon } from '../../components/first-screen-icons.tsx';
import { PRICING_URL, type SubscriptionResponse } from './subscription-api.ts';
import { badgeProps } from './usage-badge.ts';
import type { SubscriptionState } from './use-subscription.ts';

const FEATURE_LABELS: Record<keyof SubscriptionResponse['features'], string> = {
  customBrandingEnabled: 'Custom branding',
  customBrandingAdvancedEnabled: 'Advanced branding',
  priorityEmailDelivery: 'Priority email delivery',
  exportDataEnabled: 'Data export',
  analyticsEnabled: 'Analytics',
  advancedSchedulingEnabled: 'Capacity and waitlists',
};

interface UsageRow {
  label: string;
  count: UsageCount;
  text: string;
}

function usageRows(sub: SubscriptionResponse): UsageRow[] {
  return [
    { label: 'Events', count: sub.usageCounts.events, text: sub.usage.events },
    {
      label: 'Invitations today',
      count: sub.usageCounts.invitationsToday,
      text: sub.usage.invitationsToday,
    },
    { label: 'Storage (MB)', count: sub.usageCounts.storage, text: sub.usage.storage },
  ];
}

/**
 * Tier and usage (docs/product.md, "Subscription tiers and limits"): collapsed by default with a summary; the header
 * toggles usage cards and features. Hidden when the subscription cannot be fetched.
 */
export function SubscriptionCard({ state }: { state: SubscriptionState }) {
  const [open, setOpen] = useState(false);
  const { subscription: sub, loading, error } = state;
  if (error) return null;
  if (loading || !sub)
    return <Skeleton height="20" borderRadius="xl" data-testid="subscription-loading" />;

  const rows = usageRows(sub);
  const warn = approachingLimits(rows.map((r) => r.count));
  const title = subscriptionCardTitle(sub.tier, sub.displayName);

  return (
    <Card.Root bg="surface.card" borderRadius="xl">
      <Collapsible.Root open={open} onOpenChange={(e) => setOpen(e.open)}>
        <Collapsible.Trigger asChild>
          <Flex
            as="button"
            w="full"
            align="center"
            gap="3"
            p={{ base: '4', md: '5' }}
            textAlign="start"
            cursor="pointer"
            aria-expanded={open}
          >
            <Flex
              w="10"
              h="10"
              borderRadius="lg"
              bg="brand.subtle"
              color="brand.fg"
              align="center"
              justify="center"
              flexShrink={0}
            >
              <CrownIcon />
            </Flex>
            <Box flex="1" minW="0">
              <Flex align="center" gap="2" wrap="wrap">
                <Heading as="h3" size="md">
                  {title}
                </Heading>
                <Badge variant="outline">{sub.displayName}</Badge>
                {warn ? (
                  <Badge colorPalette="orange" variant="subtle">
                    <AlertIcon /> {APPROACHING_LIMITS_TEXT}
                  </Badge>
                ) : null}
              </Flex>
              {!open ? (
                <Text fontSize="sm" color="fg.muted" truncate>
                  {`${sub.usage.events} events · ${sub.usage.invitationsToday} invitations today · ${sub.usage.storage} MB storage`}
                </Text>
              ) : null}
            </Box>
            <ChevronDownIcon
              transform={open ? 'rotate(180deg)' : undefined}
              transition="transform 0.2s"
              color="fg.muted"
            />
          </Flex>
        </Collapsible.Trigger>
        <Collapsible.Content>
          <Stack gap="5" px={{ base: '4', md: '5' }} pb="5">
            <SimpleGrid columns={{ base: 1, md: 3 }} gap="3">
              {rows.map((row) => (
                <UsageCard key={row.label} row={row} />
              ))}
            </SimpleGrid>
            <Box>
              <Text fontWeight="semibold" mb="2">
                Plan features
              </Text>
              <SimpleGrid columns={{ base: 1, sm: 2, md: 3 }} gap="2">
                {(Object.keys(FEATURE_LABELS) as (keyof typeof FEATURE_LABELS)[]).map((key) => (
                  <Flex
                    key={key}
                    align="center"
                    gap="2"
                    fontSize="sm"
                    color={sub.features[key] ? 'fg' : 'fg.subtle'}
                  >
                    {sub.features[key] ? (
                      <CheckIcon color="green.500" />
                    ) : (
                      <Box as="span" w="4" textAlign="center">
                        –
                      </Box>
                    )}
                    <Text textDecoration={sub.features[key] ? undefined : 'line-through'}>
                      {FEATURE_LABELS[key]}
                    </Text>
                  </Flex>
                ))}
              </SimpleGrid>
            </Box>
            {sub.tier !== 'enterprise' ? (
              <Box>
                <Button asChild size="sm" colorPalette="brand">
                  <a href={PRICING_URL} target="_blank" rel="noopener noreferrer">
                    {sub.tier === 'free' ? 'Upgrade to Pro' : 'Upgrade to Enterprise'}{' '}
                    <ExternalLinkIcon />
                  </a>
                </Button>
              </Box>
            ) : null}
          </Stack>
        </Collapsible.Content>
      </Collapsible.Root>
    </Card.Root>
  );
}

function UsageCard({ row }: { row: UsageRow }) {
  const percent = usagePercent(row.count.used, row.count.limit);
  const unlimited = row.count.limit < 0;
  return (
    <Stack gap="2" p="3" borderRadius="lg" borderWidth="1px" bg="bg.panel">
      <Flex justify="space-between" align="center">
        <Text fontSize="sm" color="fg.muted">
          {row.label}
        </Text>
        <Badge {...badgeProps(subscriptionBadge(percent))}>
          {unlimited ? 'Unlimited' : `${Math.round(percent)}%`}
        </Badge>
      </Flex>
      <Text fontWeight="semibold">{row.text || formatUsage(row.count.used, row.count.limit)}</Text>
      <Progress.Root
        value={unlimited ? 0 : clampPercent(percent)}
        size="xs"
        colorPalette={percent >= 75 ? 'red' : 'brand'}
      >
        <Progress.Track>
          <Progress.Range />
        </Progress.Track>
      </Progress.Root>
    </Stack>
  );
}
