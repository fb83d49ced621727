import { Alert, Button, Stack } from '@chakra-ui/react';
import { useState } from 'react';
import { dismissUnfinished, unfinishedUploads } from './unfinished-uploads.ts';

function listNames(names: readonly string[]): string {
  if (names.length <= 1) return names[0] ?? '';
  return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

/** After a reload or a closed tab: which of this person's uploads did not finish. */
export function UnfinishedUploadsNotice({ eventId, uid }: { eventId: string; uid: string }) {
  const [unfinished, setUnfinished] = useState(() => unfinishedUploads(eventId, uid));
  if (unfinished.length === 0) return null;
  const names = unfinished.map((u) => u.name);
  const dismiss = () => {
    dismissUnfinished(
      eventId,
      unfinished.map((u) => u.id),
    );
    setUnfinished([]);
  };
  return (
    <Alert.Root status="warning" data-testid="unfinished-uploads">
      <Alert.Indicator />
      <Stack gap="2" flex="1">
        <Alert.Content>
          <Alert.Title>
            {names.length === 1
              ? 'An upload did not finish'
              : `${names.length} uploads did not finish`}
          </Alert.Title>
          <Alert.Description>
            {listNames(names)} {names.length === 1 ? 'was' : 'were'} still uploading when the page
            closed and {names.length === 1 ? 'is' : 'are'} not in the gallery. Upload{' '}
            {names.length === 1 ? 'it' : 'them'} again.
          </Alert.Description>
        </Alert.Content>
        <Button size="xs" variant="outline" alignSelf="start" onClick={dismiss}>
          Dismiss
        </Button>
      </Stack>
    </Alert.Root>
  );
}
