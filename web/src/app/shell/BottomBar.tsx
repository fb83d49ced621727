import { Flex, Link, Text } from '@chakra-ui/react';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { eventHref } from '../../lib/paths.ts';
import { BOTTOM_BAR_ITEMS, isActive } from './nav-items.ts';

/** Mobile (under 768 px) bottom navigation for the current event. */
export function BottomBar({ eventId }: { eventId: string }) {
  const { pathname } = useLocation();
  return (
    <Flex
      as="nav"
      aria-label="Event sections"
      hideFrom="md"
      position="fixed"
      bottom="0"
      insetX="0"
      h="16"
      pb="env(safe-area-inset-bottom)"
      bg="bg.panel"
      borderTopWidth="1px"
      zIndex="sticky"
      justify="space-around"
      align="center"
    >
      {BOTTOM_BAR_ITEMS.map((item) => {
        const active = isActive(pathname, eventId, item.area);
        return (
          <Link
            key={item.label}
            asChild
            flexDirection="column"
            alignItems="center"
            gap="0.5"
            flex="1"
            py="2"
            color={active ? 'brand.fg' : 'fg.muted'}
            fontWeight={active ? 'semibold' : 'normal'}
            textDecoration="none"
            aria-current={active ? 'page' : undefined}
          >
            <RouterLink to={eventHref(eventId, item.area)}>
              <item.icon boxSize="5" />
              <Text fontSize="xs">{item.label}</Text>
            </RouterLink>
          </Link>
        );
      })}
    </Flex>
  );
}
