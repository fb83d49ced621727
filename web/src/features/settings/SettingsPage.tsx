import { Button, Card, Heading, Stack, Text } from '@chakra-ui/react';
import { Link, Navigate } from 'react-router-dom';
import { can, isAdminRole } from '@gatherly/domain/roles';
import { needsTimeZoneConfirmation } from '@gatherly/domain/time-zones';
import { useEventScope } from '../../lib/event-scope.tsx';
import { eventHref } from '../../lib/paths.ts';
import type { GatherlyEvent } from '../../lib/types.ts';
import { RoleManagementCard } from '../members/RoleManagementCard.tsx';
import { BrandingCard } from './BrandingCard.tsx';
import { DatesCard } from './DatesCard.tsx';
import { EventLinkCard } from './EventLinkCard.tsx';
import { GuestPrivacyCard } from './GuestPrivacyCard.tsx';
import { RemindersCard } from './RemindersCard.tsx';
import { RsvpOptionsCard } from './RsvpOptionsCard.tsx';
import { WallSettingsCard } from '../wall/WallSettingsCard.tsx';
import { TextSettingField } from './TextSettingField.tsx';
import { TimeZonePrompt } from './TimeZonePrompt.tsx';

/** docs/product.md, "Settings": admins and the creator only; others go to the dashboard. */
export default function SettingsPage() {
  const { eventId, event, role, uid } = useEventScope();
  if (!isAdminRole(role)) return <Navigate to={eventHref(eventId)} replace />;
  return <SettingsScreen event={event} uid={uid} isCreator={can(role, 'viewRoleManagement')} />;
}

function SettingsScreen({
  event,
  uid,
  isCreator,
}: {
  event: GatherlyEvent;
  uid: string;
  isCreator: boolean;
}) {
  return (
    <Stack gap="6" maxW="4xl" p={{ base: '4', md: '8' }} mx="auto" w="full">
      <Button variant="ghost" alignSelf="start" size="sm" asChild>
        <Link to={eventHref(event.id)}>← Back to Event</Link>
      </Button>
      <Stack gap="1">
        <Heading size="2xl">Event Settings</Heading>
        <Text color="fg.muted">Changes are saved automatically.</Text>
      </Stack>
      {needsTimeZoneConfirmation(event) && <TimeZonePrompt eventId={event.id} />}
      <Card.Root>
        <Card.Header>
          <Heading size="lg">Basic Information</Heading>
        </Card.Header>
        <Card.Body>
          <Stack gap="4">
            <TextSettingField
              eventId={event.id}
              field="name"
              label="Event Name"
              stored={event.name}
              required
            />
            <TextSettingField
              eventId={event.id}
              field="description"
              label="Description"
              stored={event.description}
              multiline
            />
            <TextSettingField
              eventId={event.id}
              field="location"
              label="Location (optional)"
              stored={event.location}
            />
          </Stack>
        </Card.Body>
      </Card.Root>
      <DatesCard
        eventId={event.id}
        startDate={event.startDate}
        endDate={event.endDate}
        timeZone={event.timeZone}
      />
      <BrandingCard event={event} />
      <EventLinkCard eventId={event.id} eventName={event.name} />
      <WallSettingsCard eventId={event.id} eventName={event.name} timeZone={event.timeZone} />
      <GuestPrivacyCard eventId={event.id} value={event.guestsSeeWhoIsGoing !== false} />
      <RsvpOptionsCard
        eventId={event.id}
        plusOnesAllowed={event.plusOnesAllowed ?? 0}
        questions={event.questions ?? []}
      />
      <RemindersCard eventId={event.id} stored={event.reminderSettings} />
      {isCreator && <RoleManagementCard eventId={event.id} uid={uid} />}
    </Stack>
  );
}
