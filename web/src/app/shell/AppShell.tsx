import { Box, Flex, Heading, IconButton } from '@chakra-ui/react';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { matchPath, Link as RouterLink, useLocation } from 'react-router-dom';
import { MenuIcon } from '../../components/icons.tsx';
import { OfflineBadge, OfflineBanner } from '../../components/OfflineBanner.tsx';
import { useColorMode } from '../../lib/color-mode.tsx';
import { useSelectedEvent } from '../../lib/event-scope.tsx';
import { useEventTheme } from '../../lib/event-theme.ts';
import { PATHS } from '../../lib/paths.ts';
import { useOpenedOnce } from '../../lib/use-opened-once.ts';
import { BottomBar } from './BottomBar.tsx';
import { EventSwitcher } from './EventSwitcher.tsx';
import { ProfileMenu } from './ProfileMenu.tsx';
import { SideNav } from './SideNav.tsx';

// The drawer's dialog machinery loads when it is first opened (docs/performance.md, "JavaScript").
const NavDrawer = lazy(() => import('./NavDrawer.tsx'));

export const PRODUCT_NAME = 'Gatherly';

/**
 * Signed-in frame (docs/product.md, "Events list" and "Dashboard"): a 16-unit header; the side
 * drawer on every route but / (fixed on desktop, a modal with a scrim under 768 px); the bottom
 * bar under 768 px inside an event. The current event's theme colours apply on /events/* only
 * (Create Event themes itself).
 */
export function AppShell({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const selected = useSelectedEvent();
  const event = selected?.event ?? null;
  const { colorMode } = useColorMode();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const drawerOpened = useOpenedOnce(drawerOpen);
  const isHome = pathname === PATHS.home;
  const onEventRoute = matchPath(`${PATHS.event}/*`, pathname) !== null;
  const withNav = !isHome;
  const bottomBarEventId = onEventRoute ? (selected?.eventId ?? null) : null;

  useEventTheme(onEventRoute && event ? event.themeColors : null, colorMode);

  const title = isHome || !event ? PRODUCT_NAME : event.name;

  return (
    <Box minH="100dvh">
      <Flex
        as="header"
        h="16"
        px={{ base: '3', md: '6' }}
        align="center"
        gap="3"
        position="sticky"
        top="0"
        zIndex="sticky"
        bg="bg.panel/90"
        color="fg"
        backdropFilter="saturate(180%) blur(8px)"
        borderBottomWidth="1px"
      >
        {withNav ? (
          <IconButton
            aria-label="Open menu"
            variant="ghost"
            hideFrom="md"
            onClick={() => setDrawerOpen(true)}
          >
            <MenuIcon />
          </IconButton>
        ) : null}
        <Heading as="h1" size="md" truncate flex="1" minW="0">
          {isHome ? (
            <RouterLink to={PATHS.home}>
              <Box as="span" color="brand.fg" fontWeight="bold">
                {PRODUCT_NAME}
              </Box>
            </RouterLink>
          ) : (
            title
          )}
        </Heading>
        {!isHome ? (
          <Box hideBelow="md">
            <EventSwitcher />
          </Box>
        ) : null}
        <OfflineBadge />
        <ProfileMenu />
      </Flex>
      <OfflineBanner />

      <Flex>
        {withNav ? (
          <Box
            as="aside"
            hideBelow="md"
            w="64"
            flexShrink={0}
            borderRightWidth="1px"
            position="sticky"
            top="16"
            h="calc(100dvh - var(--chakra-sizes-16))"
            bg="bg.panel"
          >
            <SideNav />
          </Box>
        ) : null}
        <Box
          as="main"
          data-event-page=""
          color="fg"
          flex="1"
          minW="0"
          // Phones: the page ends above the bottom bar and the toast lane over it
          // (docs/decisions.md, "Where toasts appear"), so a form's last row is never under either.
          pb={{ base: '24', md: '0' }}
        >
          {children}
        </Box>
      </Flex>

      {withNav && drawerOpened ? (
        <Suspense fallback={null}>
          <NavDrawer title={PRODUCT_NAME} open={drawerOpen} onClose={() => setDrawerOpen(false)} />
        </Suspense>
      ) : null}

      {bottomBarEventId ? <BottomBar eventId={bottomBarEventId} /> : null}
    </Box>
  );
}
