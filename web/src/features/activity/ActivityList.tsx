import { Box, HStack, Link as ChakraLink, Stack, Text } from '@chakra-ui/react';
import { Link } from 'react-router-dom';
import type { ActivityItem } from '@gatherly/domain/activity';
import { formatRelativeTime } from '@gatherly/domain/dates';
import { UserAvatar } from '../../components/UserAvatar.tsx';
import { eventHref } from '../../lib/paths.ts';
import { ActivityPhotos } from './ActivityPhotos.tsx';
import type { ComponentType } from 'react';
import {
  CalendarIcon,
  CameraIcon,
  CarIcon,
  CheckIcon,
  MegaphoneIcon,
  PlaneIcon,
  UsersIcon,
} from '../../components/icons.tsx';

const ICONS: Record<ActivityItem['kind'], ComponentType<{ color?: string }>> = {
  member: UsersIcon,
  photo: CameraIcon,
  flight: PlaneIcon,
  carpool: CarIcon,
  schedule: CalendarIcon,
  announcement: MegaphoneIcon,
  rsvp: CheckIcon,
  waitlist: CheckIcon,
};

/**
 * Activity rows: who did what and when; each links to the event area it concerns. A photo line
 * (one per upload batch) shows the batch's newest photos, each opening the viewer.
 */
export function ActivityList({
  eventId,
  entries,
}: {
  eventId: string;
  entries: readonly ActivityItem[];
}) {
  return (
    <Stack gap="3" as="ul" listStyleType="none" m="0" p="0">
      {entries.map((e) => {
        const KindIcon = ICONS[e.kind];
        return (
          <HStack as="li" key={e.id} gap="3" align="start" data-testid="activity-entry">
            {e.actor ? (
              <UserAvatar name={e.actor.displayName} photoURL={e.actor.photoURL} size="sm" />
            ) : (
              <Box
                w="8"
                h="8"
                display="flex"
                alignItems="center"
                justifyContent="center"
                borderRadius="full"
                bg="bg.muted"
              >
                <KindIcon />
              </Box>
            )}
            <Box minW="0" flex="1">
              <ChakraLink
                display="inline"
                asChild
                fontSize="sm"
                color="fg"
                textDecoration="none"
                _hover={{ textDecoration: 'underline' }}
              >
                <Link to={eventHref(eventId, e.area)}>
                  {e.text} {e.actor ? <KindIcon color="fg.muted" /> : null}
                </Link>
              </ChakraLink>
              {e.photos?.length ? (
                <ActivityPhotos
                  eventId={eventId}
                  photos={e.photos}
                  count={e.photoCount ?? e.photos.length}
                />
              ) : null}
              <Text fontSize="xs" color="fg.muted">
                {formatRelativeTime(e.at)}
              </Text>
            </Box>
          </HStack>
        );
      })}
    </Stack>
  );
}
