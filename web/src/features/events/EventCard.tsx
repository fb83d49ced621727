import { Box, Card, Flex, Heading, IconButton, LinkOverlay, Text } from '@chakra-ui/react';
import { formatShortDate } from '@gatherly/domain/dates';
import { eventTimeZone } from '@gatherly/domain/time-zones';
import { useId } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { CalendarIcon, TrashIcon, UsersIcon } from '../../components/icons.tsx';
import { RoleBadge } from '../../components/RoleBadge.tsx';
import { UserAvatar } from '../../components/UserAvatar.tsx';
import type { MyEvent } from '../../lib/event-scope.tsx';
import { eventHref } from '../../lib/paths.ts';

export function memberCountLabel(count: number): string {
  return `${count} ${count === 1 ? 'member' : 'members'}`;
}

/**
 * One event in the list; the whole card opens it; only its creator gets a delete button. The
 * card is an article named by its heading, whose link stretches over the card (a real link:
 * Enter, middle-click, "open in new tab"), so the link's name is the event's name and the
 * delete button is not nested inside it.
 */
export function EventCard({ item, onDelete }: { item: MyEvent; onDelete(item: MyEvent): void }) {
  const { event, role, memberCount } = item;
  const headingId = useId();
  return (
    <Card.Root
      as="article"
      aria-labelledby={headingId}
      position="relative"
      bg="surface.card"
      borderRadius="xl"
      transition="box-shadow 0.15s, transform 0.15s"
      _hover={{ boxShadow: 'md', transform: 'translateY(-1px)' }}
      // The link's focus ring drawn around the whole card it covers.
      css={{
        '&:has(.chakra-linkbox__overlay:focus-visible)': {
          outline: '2px solid',
          outlineColor: 'colorPalette.focusRing',
          outlineOffset: '2px',
        },
      }}
    >
      <Card.Body gap="3" p="5">
        <Flex gap="3" align="flex-start">
          <UserAvatar name={event.name} photoURL={event.customLogo} size="lg" shape="rounded" />
          <Box flex="1" minW="0">
            <Heading as="h3" size="md" truncate id={headingId}>
              <LinkOverlay asChild _focusVisible={{ outline: 'none' }}>
                <RouterLink to={eventHref(item.id)}>{event.name}</RouterLink>
              </LinkOverlay>
            </Heading>
            <Flex mt="1" gap="3" wrap="wrap" fontSize="sm" color="fg.muted">
              <Flex align="center" gap="1">
                <CalendarIcon /> {formatShortDate(event.startDate, eventTimeZone(event))}
              </Flex>
              {memberCount !== null ? (
                <Flex align="center" gap="1">
                  <UsersIcon /> {memberCountLabel(memberCount)}
                </Flex>
              ) : null}
            </Flex>
          </Box>
          {role === 'creator' ? (
            <IconButton
              aria-label={`Delete ${event.name}`}
              size="sm"
              variant="ghost"
              colorPalette="red"
              // Above the link that covers the card.
              position="relative"
              zIndex="1"
              onClick={() => onDelete(item)}
            >
              <TrashIcon />
            </IconButton>
          ) : null}
        </Flex>
        <Box>
          <RoleBadge role={role} />
        </Box>
        {event.description ? (
          <Text fontSize="sm" color="fg.muted" lineClamp={2}>
            {event.description}
          </Text>
        ) : null}
      </Card.Body>
    </Card.Root>
  );
}
