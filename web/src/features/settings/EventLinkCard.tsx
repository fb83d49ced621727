import { Box, Button, Card, Flex, Heading, HStack, Image, Stack, Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import type { JoinLinkState } from '@gatherly/domain/guest-access';
import { Checkbox } from '../../components/chakra/Checkbox.ts';
import { Code } from '../../components/chakra/Code.ts';
import { Switch } from '../../components/chakra/Switch.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { showToast } from '../../lib/toast-store.ts';
import { describeError } from '../../lib/errors.ts';
import { useOnline } from '../../lib/offline/connectivity.ts';
import { canShare, shareLink } from '../../lib/share.ts';
import {
  download,
  loadJoinLink,
  qrImages,
  regenerateJoinLink,
  saveJoinLink,
  type QrImages,
} from './event-link.ts';

const SAVE_FAILED = 'Could not change the event link. Please try again.';

/**
 * The event link (docs/product.md, "Event link"): off by default; on, anyone signed in who opens
 * it joins as a guest, or asks first when "Ask me before people join" is on. Shown as a link to
 * share and a QR code to print; regenerating kills the old link and code at once.
 */
export function EventLinkCard({ eventId, eventName }: { eventId: string; eventName: string }) {
  const [state, setState] = useState<JoinLinkState | null>(null);
  const [loadError, setLoadError] = useState(false);
  const [saving, setSaving] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [qr, setQr] = useState<{ url: string; images: QrImages } | null>(null);
  const online = useOnline();
  const loaded = state !== null;

  // The link lives on the server only; offline the card waits and loads once back online.
  useEffect(() => {
    if (!online || loaded) return;
    let live = true;
    loadJoinLink(eventId).then(
      (loaded) => {
        if (!live) return;
        setState(loaded);
        setLoadError(false);
      },
      (err: unknown) => {
        console.error('Loading the event link failed', err);
        if (live) setLoadError(true);
      },
    );
    return () => {
      live = false;
    };
  }, [eventId, online, loaded]);

  const url = state?.url ?? null;
  useEffect(() => {
    if (!url) return;
    let live = true;
    qrImages(url).then(
      (images) => live && setQr({ url, images }),
      (err: unknown) => console.error('Drawing the QR code failed', err),
    );
    return () => {
      live = false;
    };
  }, [url]);

  const save = async (change: () => Promise<JoinLinkState>) => {
    setSaving(true);
    try {
      setState(await change());
      return true;
    } catch (err) {
      showToast({ title: 'Error', description: describeError(err, SAVE_FAILED), status: 'error' });
      return false;
    } finally {
      setSaving(false);
    }
  };

  const share = async () => {
    if (!url) return;
    try {
      const outcome = await shareLink(url, eventName, `Join ${eventName} on Gatherly`);
      if (outcome === 'copied')
        showToast({ title: 'Link copied', description: 'The event link', status: 'success' });
    } catch (err) {
      showToast({
        title: 'Error',
        description: describeError(err, 'Could not share the link. Please try again.'),
        status: 'error',
      });
    }
  };

  const images = qr && qr.url === url ? qr.images : null;
  const fileName = `${eventName.replace(/[^\p{L}\p{N}]+/gu, '-').replace(/^-|-$/g, '') || 'event'}-link`;

  return (
    <Card.Root data-testid="event-link-card">
      <Card.Header>
        <Heading size="lg">Event Link</Heading>
      </Card.Header>
      <Card.Body gap="4">
        <Text color="fg.muted" textStyle="sm">
          Anyone signed in who opens the event link joins as a guest. Share it with a group, or
          print its QR code for the venue. It counts toward your guest limit like invitations do.
        </Text>
        {!online && !loaded ? (
          <Text color="fg.muted">The event link shows here when you are back online.</Text>
        ) : loadError ? (
          <Text color="fg.error">Could not load the event link. Reload to try again.</Text>
        ) : (
          <>
            <Switch.Root
              checked={url !== null}
              disabled={state === null || saving}
              onCheckedChange={(e) =>
                void save(() => saveJoinLink(eventId, e.checked, state?.askBeforeJoin ?? false))
              }
            >
              <Switch.HiddenInput />
              <Switch.Control />
              <Switch.Label>Event link {url ? 'on' : 'off'}</Switch.Label>
            </Switch.Root>
            {url && state && (
              <Stack gap="4">
                <Checkbox.Root
                  checked={state.askBeforeJoin}
                  disabled={saving}
                  onCheckedChange={(e) =>
                    void save(() => saveJoinLink(eventId, true, e.checked === true))
                  }
                >
                  <Checkbox.HiddenInput />
                  <Checkbox.Control />
                  <Checkbox.Label>Ask me before people join</Checkbox.Label>
                </Checkbox.Root>
                <Code
                  data-testid="event-link-url"
                  p="2"
                  borderRadius="l2"
                  wordBreak="break-all"
                  whiteSpace="normal"
                >
                  {url}
                </Code>
                <HStack gap="2" wrap="wrap">
                  <Button size="sm" colorPalette="brand" onClick={() => void share()}>
                    {canShare() ? 'Share Link' : 'Copy Link'}
                  </Button>
                  <Button size="sm" variant="outline" onClick={() => setConfirming(true)}>
                    Regenerate Link
                  </Button>
                </HStack>
                <Flex gap="4" align="center" wrap="wrap">
                  <Box
                    bg="white"
                    p="2"
                    borderRadius="l2"
                    borderWidth="1px"
                    w="40"
                    h="40"
                    flexShrink={0}
                  >
                    {images && (
                      <Image
                        src={images.png}
                        alt="QR code of the event link"
                        w="full"
                        h="full"
                        data-testid="event-link-qr"
                      />
                    )}
                  </Box>
                  <Stack gap="2">
                    <Text textStyle="sm" color="fg.muted">
                      Print it on a card or a sign at the venue: guests scan it to join.
                    </Text>
                    <HStack gap="2">
                      <Button
                        size="sm"
                        variant="outline"
                        disabled={!images}
                        onClick={() => images && download(images.png, `${fileName}.png`)}
                      >
                        Download PNG
                      </Button>
                      <Button
                        size="sm"
                        variant="outline"
                        disabled={!images}
                        onClick={() => {
                          if (!images) return;
                          const blob = new Blob([images.svg], { type: 'image/svg+xml' });
                          const href = URL.createObjectURL(blob);
                          download(href, `${fileName}.svg`);
                          setTimeout(() => URL.revokeObjectURL(href), 1000);
                        }}
                      >
                        Download SVG
                      </Button>
                    </HStack>
                  </Stack>
                </Flex>
              </Stack>
            )}
          </>
        )}
      </Card.Body>
      <ConfirmDialog
        open={confirming}
        title="Regenerate Event Link"
        description="The current link and its QR code stop working at once. People who already joined stay in."
        confirmLabel="Regenerate"
        pendingLabel="Regenerating..."
        pending={saving}
        onConfirm={() =>
          void save(() => regenerateJoinLink(eventId)).then((ok) => ok && setConfirming(false))
        }
        onClose={() => setConfirming(false)}
      />
    </Card.Root>
  );
}
