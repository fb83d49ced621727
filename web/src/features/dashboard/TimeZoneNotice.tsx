import { Alert, Button } from '@chakra-ui/react';
import { Link } from 'react-router-dom';
import { eventHref } from '../../lib/paths.ts';

/**
 * Admins of an event without a zone (created before zones) are pointed to Settings, where the
 * one-time prompt asks them to confirm one (docs/decisions.md, "Time zones").
 */
export function TimeZoneNotice({ eventId }: { eventId: string }) {
  return (
    <Alert.Root status="warning" data-testid="time-zone-notice">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>Times are shown in UTC</Alert.Title>
        <Alert.Description>
          This event has no time zone yet. Confirm it so every guest sees the right local times.
        </Alert.Description>
      </Alert.Content>
      <Button size="sm" variant="outline" alignSelf="center" asChild>
        <Link to={eventHref(eventId, 'settings')}>Confirm time zone</Link>
      </Button>
    </Alert.Root>
  );
}
