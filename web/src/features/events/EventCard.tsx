import { Box, Card, Flex, Heading, IconButton, Text } from '@chakra-ui/react';
import { formatShortDate } from '@gatherly/domain/dates';
import { eventTimeZone } from '@gatherly/domain/time-zones';
import { useNavigate } from 'react-router-dom';
import { CalendarIcon, TrashIcon, UsersIcon } from '../../components/icons.tsx';
import { RoleBadge } from '../../components/RoleBadge.tsx';
import { UserAvatar } from '../../components/UserAvatar.tsx';
import type { MyEvent } from '../../lib/event-scope.tsx';
import { eventHref } from '../../lib/paths.ts';

export function memberCountLabel(count: number): string {
  return `${count} ${count === 1 ? 'member' : 'members'}`;
}

/** One event in the list; the whole card opens it; only its creator gets a delete button. */
export function EventCard({ item, onDelete }: { item: MyEvent; onDelete(item: MyEvent): void }) {
  const navigate = useNavigate();
  const { event, role, memberCount } = item;
  // navigate() never rejects (docs/web.md, "Promises and effects").
  const open = () => void navigate(eventHref(item.id));
  return (
    <Card.Root
      role="link"
      tabIndex={0}
      aria-label={event.name}
      cursor="pointer"
      bg="surface.card"
      borderRadius="xl"
      transition="box-shadow 0.15s, transform 0.15s"
      _hover={{ boxShadow: 'md', transform: 'translateY(-1px)' }}
      onClick={open}
      onKeyDown={(e) => {
        if (e.key === 'Enter' || e.key === ' ') {
          e.preventDefault();
          open();
        }
      }}
    >
      <Card.Body gap="3" p="5">
        <Flex gap="3" align="flex-start">
          <UserAvatar name={event.name} photoURL={event.customLogo} size="lg" shape="rounded" />
          <Box flex="1" minW="0">
            <Heading as="h3" size="md" truncate>
              {event.name}
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
              onClick={(e) => {
                e.stopPropagation();
                onDelete(item);
              }}
              onKeyDown={(e) => e.stopPropagation()}
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
