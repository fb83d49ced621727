import { Alert, Button, HStack } from '@chakra-ui/react';
import { useDb } from '../../lib/live/index.ts';
import { deviceTimeZone } from '@gatherly/domain/time-zones';
import { zoneLabel } from '../../components/ZonedTime.tsx';
import { saveTimeZone } from './data.ts';
import { TIME_ZONE_FIELD_ID } from './TimeZoneSetting.tsx';
import { useAutoSave } from './use-auto-save.ts';

/**
 * The one-time question for events created before zones (docs/decisions.md, "Time zones"): their
 * times were entered on the creator's device, so this admin's device zone is the suggestion.
 * Answering sets the zone, and the prompt is gone for every admin.
 */
export function TimeZonePrompt({ eventId }: { eventId: string }) {
  const db = useDb();
  const { status, run } = useAutoSave();
  const suggestion = deviceTimeZone();
  const chooseAnother = () => {
    const field = document.getElementById(TIME_ZONE_FIELD_ID);
    field?.scrollIntoView({ behavior: 'smooth', block: 'center' });
    field?.querySelector('input')?.focus();
  };
  return (
    <Alert.Root status="warning" data-testid="time-zone-prompt">
      <Alert.Indicator />
      <Alert.Content gap="2">
        <Alert.Title>Confirm this event’s time zone</Alert.Title>
        <Alert.Description>
          Its times are shown in UTC until you choose the zone the event takes place in. Times
          already saved keep the same moment.
        </Alert.Description>
        <HStack gap="2" wrap="wrap">
          <Button
            size="sm"
            colorPalette="brand"
            loading={status === 'saving'}
            onClick={() => void run(() => saveTimeZone(db, eventId, suggestion))}
          >
            Use {zoneLabel(suggestion)}
          </Button>
          <Button size="sm" variant="outline" onClick={chooseAnother}>
            Choose another zone
          </Button>
        </HStack>
      </Alert.Content>
    </Alert.Root>
  );
}
