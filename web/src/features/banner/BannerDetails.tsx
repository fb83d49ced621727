import { Flex, HStack, Text } from '@chakra-ui/react';
import { formatDateRange, formatLongDate, wholeDays } from '@gatherly/domain/dates';
import { eventTimeZone } from '@gatherly/domain/time-zones';
import { CalendarIcon, MapPinIcon, UsersIcon } from '../../components/icons.tsx';
import { ZonedTime } from '../../components/ZonedTime.tsx';
import type { GatherlyEvent } from '../../lib/types.ts';

/**
 * The event's date and time (in its own zone; whole days as their dates), location and member count: over the picture, or
 * below it on a phone when the picture is a photo (`below`).
 */
export function BannerDetails({
  event,
  memberCount,
  below,
  hintColor,
}: {
  event: GatherlyEvent;
  memberCount: number | null;
  below: boolean;
  /** The viewer's-own-time hint's colour over the picture. */
  hintColor: string;
}) {
  const zone = eventTimeZone(event);
  // Whole days (a picked whole-day poll option) read as dates, without "12:00 AM".
  const days = wholeDays(event.startDate, event.endDate, zone);
  return (
    <Flex
      columnGap={{ base: '3', md: '4' }}
      rowGap="1"
      wrap="wrap"
      fontSize={{ base: 'sm', md: 'md' }}
      data-testid="banner-details"
      {...(below ? { px: '4', pt: '3', color: 'fg' } : {})}
    >
      <HStack gap="1.5">
        <CalendarIcon flexShrink={0} />
        <Text data-testid="banner-date">
          {days
            ? formatDateRange(event.startDate, event.endDate, zone)
            : formatLongDate(event.startDate, zone)}
          {event.startDate && !days && (
            <>
              {', '}
              <ZonedTime
                value={event.startDate}
                timeZone={zone}
                format="time"
                hintColor={below ? undefined : hintColor}
              />
            </>
          )}
        </Text>
      </HStack>
      {event.location && (
        <HStack gap="1.5" minW="0">
          <MapPinIcon flexShrink={0} /> <Text lineClamp={1}>{event.location}</Text>
        </HStack>
      )}
      {memberCount !== null && (
        <HStack gap="1.5">
          <UsersIcon flexShrink={0} />
          <Text>
            {memberCount} {memberCount === 1 ? 'member' : 'members'}
          </Text>
        </HStack>
      )}
    </Flex>
  );
}
