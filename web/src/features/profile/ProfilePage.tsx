import { Box, Card, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { Skeleton } from '../../components/chakra/Skeleton.ts';
import { Switch } from '../../components/chakra/Switch.ts';
import { useState } from 'react';
import { useDb } from '../../lib/live/index.ts';
import type { EmailPreferences, EmailTopic } from '@gatherly/domain/entities/users';
import { EMAIL_TOPICS, wantsEmail } from '@gatherly/domain/email/preferences';
import { showToast } from '../../lib/toast-store.ts';
import { UserAvatar } from '../../components/UserAvatar.tsx';
import { describeError } from '../../lib/errors.ts';
import { commitWrite } from '../../lib/offline/commit-write.ts';
import { showQueuedToast } from '../../lib/offline/offline-toast.ts';
import { useSession } from '../../lib/session.tsx';
import { saveEmailPreference, useMyProfile } from './data.ts';
import { YourDataCard } from './YourDataCard.tsx';

const TOPICS: Readonly<Record<EmailTopic, { label: string; description: string }>> = {
  reminders: {
    label: 'Event reminders',
    description:
      'A reminder before schedule items you have not answered, and a summary on the day of what you are going to.',
  },
  announcements: {
    label: 'Announcements from hosts',
    description:
      'Messages the hosts of your events send to their guests. They are in the activity feed too.',
  },
};

/**
 * The signed-in person: who they are signed in as, which e-mails they get, and their data (a
 * copy of it, or deleting the account).
 */
export default function ProfilePage() {
  const { user } = useSession();
  if (!user) return null;
  return (
    <Stack gap="6" maxW="3xl" p={{ base: '4', md: '8' }} mx="auto" w="full">
      <Heading size="2xl">Your Profile</Heading>
      <Card.Root>
        <Card.Body>
          <HStack gap="4">
            <UserAvatar name={user.displayName} photoURL={user.photoURL} size="lg" />
            <Box minW="0">
              <Text fontWeight="semibold" fontSize="lg" truncate>
                {user.displayName}
              </Text>
              <Text color="fg.muted" truncate>
                {user.email}
              </Text>
            </Box>
          </HStack>
        </Card.Body>
      </Card.Root>
      <EmailPreferencesCard uid={user.uid} email={user.email} />
      <YourDataCard />
    </Stack>
  );
}

function EmailPreferencesCard({ uid, email }: { uid: string; email: string }) {
  const { loading, profile } = useMyProfile(uid);
  return (
    <Card.Root>
      <Card.Header>
        <Heading size="lg">E-mail Preferences</Heading>
        <Text color="fg.muted" fontSize="sm">
          Gatherly writes to {email || 'your e-mail address'}. Invitations always arrive; choose
          which other e-mails you get.
        </Text>
      </Card.Header>
      <Card.Body>
        {loading ? (
          <Stack gap="4" data-testid="preferences-loading">
            <Skeleton height="12" />
            <Skeleton height="12" />
          </Stack>
        ) : !profile ? (
          // No profile document (a failed read goes to the route's error boundary).
          <Text color="fg.error">
            Your e-mail preferences couldn&apos;t be loaded. Please try again.
          </Text>
        ) : (
          <PreferenceSwitches uid={uid} stored={profile.emailPreferences} />
        )}
      </Card.Body>
    </Card.Root>
  );
}

function PreferenceSwitches({ uid, stored }: { uid: string; stored: EmailPreferences }) {
  const db = useDb();
  const [saving, setSaving] = useState<EmailTopic | null>(null);
  const [status, setStatus] = useState('');

  const choose = async (topic: EmailTopic, on: boolean) => {
    setSaving(topic);
    setStatus('');
    try {
      const outcome = await commitWrite(db, () => saveEmailPreference(db, uid, topic, on));
      if (outcome === 'queued') showQueuedToast('Preference saved on this device');
      setStatus(`${TOPICS[topic].label}: ${on ? 'on' : 'off'}. Saved.`);
    } catch (err) {
      console.error('Saving the e-mail preference failed', err);
      showToast({
        title: 'Save Failed',
        description: describeError(err, "Your choice couldn't be saved. Please try again."),
        status: 'error',
      });
    } finally {
      setSaving(null);
    }
  };

  return (
    <Stack gap="5">
      {EMAIL_TOPICS.map((topic) => (
        <HStack key={topic} justify="space-between" align="start" gap="4">
          <Box minW="0">
            <Text fontWeight="medium">{TOPICS[topic].label}</Text>
            <Text fontSize="sm" color="fg.muted">
              {TOPICS[topic].description}
            </Text>
          </Box>
          <Switch.Root
            colorPalette="brand"
            checked={wantsEmail(stored, topic)}
            disabled={saving === topic}
            onCheckedChange={(e) => void choose(topic, e.checked)}
          >
            <Switch.HiddenInput aria-label={TOPICS[topic].label} />
            <Switch.Control />
          </Switch.Root>
        </HStack>
      ))}
      <Text fontSize="xs" color="fg.muted" role="status" aria-live="polite" minH="4">
        {status}
      </Text>
    </Stack>
  );
}
