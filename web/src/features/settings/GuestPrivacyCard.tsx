import { Card, Heading, Text } from '@chakra-ui/react';
import { Checkbox } from '../../components/chakra/Checkbox.ts';
import { useState } from 'react';
import { useDb } from '../../lib/live/index.ts';
import { showToast } from '../../lib/toast-store.ts';
import { saveGuestsSeeWhoIsGoing } from './data.ts';

/**
 * "Guests can see who's going" (default on): when off, attendees see only the counts under
 * each schedule item; the rules then refuse them other members' answers.
 */
export function GuestPrivacyCard({ eventId, value }: { eventId: string; value: boolean }) {
  const db = useDb();
  const [saving, setSaving] = useState(false);
  return (
    <Card.Root>
      <Card.Header>
        <Heading size="lg">Guest List</Heading>
      </Card.Header>
      <Card.Body gap="2">
        <Checkbox.Root
          checked={value}
          disabled={saving}
          onCheckedChange={(e) => {
            setSaving(true);
            saveGuestsSeeWhoIsGoing(db, eventId, e.checked === true)
              .catch(() =>
                showToast({
                  title: 'Save Failed',
                  description: "Changes couldn't be saved automatically. Please try again.",
                  status: 'error',
                }),
              )
              .finally(() => setSaving(false));
          }}
        >
          <Checkbox.HiddenInput />
          <Checkbox.Control />
          <Checkbox.Label>Guests can see who&apos;s going</Checkbox.Label>
        </Checkbox.Root>
        <Text color="fg.muted" textStyle="sm">
          When off, guests see only how many people answered each schedule item, not who.
        </Text>
      </Card.Body>
    </Card.Root>
  );
}
