import { Button, Card, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { lazy, Suspense, useState } from 'react';
import { showToast } from '../../lib/toast-store.ts';
import { errorMessage } from '../../lib/api.ts';
import { requireConnection } from '../../lib/offline/offline-toast.ts';
import { saveLink } from '../../lib/save-link.ts';
import { requestDataExport } from './account-data.ts';

// Asked for rarely: the panel loads when the person opens it.
const DeleteAccountPanel = lazy(() =>
  import('./DeleteAccountPanel.tsx').then((m) => ({ default: m.DeleteAccountPanel })),
);

/** "Your data": download everything stored about you, or delete your account (docs/product.md). */
export function YourDataCard() {
  const [preparing, setPreparing] = useState(false);
  const [deleteOpen, setDeleteOpen] = useState(false);

  const download = async () => {
    if (!requireConnection('Downloading your data')) return;
    setPreparing(true);
    try {
      const file = await requestDataExport();
      saveLink(file.url, file.fileName);
      const photos = `${file.photoCount} ${file.photoCount === 1 ? 'photo' : 'photos'}`;
      showToast({
        title: 'Download started',
        description: `Everything stored about you and your ${photos} in ${file.fileName}. The link works once.`,
        status: 'success',
      });
    } catch (err) {
      showToast({
        title: 'Download failed',
        description: errorMessage(err, 'Could not start the download. Please try again.'),
        status: 'error',
      });
    } finally {
      setPreparing(false);
    }
  };

  return (
    <Card.Root>
      <Card.Header>
        <Heading size="lg">Your Data</Heading>
        <Text color="fg.muted" fontSize="sm">
          Take a copy of everything Gatherly stores about you, or delete your account.
        </Text>
      </Card.Header>
      <Card.Body>
        <Stack gap="6">
          <HStack justify="space-between" align="start" gap="4" wrap="wrap">
            <Text fontSize="sm" maxW="md">
              One zip file: your profile, events, RSVPs, answers, travel, votes, invitations and
              e-mail preferences as JSON, with the originals of your photos.
            </Text>
            <Button variant="outline" loading={preparing} onClick={() => void download()}>
              Download my data
            </Button>
          </HStack>
          <Stack gap="4" borderTopWidth="1px" pt="5">
            <HStack justify="space-between" align="start" gap="4" wrap="wrap">
              <Text fontSize="sm" maxW="md">
                Delete your account and your data. You choose what happens to the events you created
                first.
              </Text>
              {!deleteOpen && (
                <Button colorPalette="red" variant="outline" onClick={() => setDeleteOpen(true)}>
                  Delete my account…
                </Button>
              )}
            </HStack>
            {deleteOpen && (
              <Suspense fallback={null}>
                <DeleteAccountPanel />
              </Suspense>
            )}
          </Stack>
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
