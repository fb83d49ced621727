// Settings → Photo wall (docs/product.md, "Photo wall"): open the wall, create wall links for
// TVs (the link with its secret is shown once), revoke them, set the pace and whether photos
// wait for approval. Admins and the creator only (the Settings page is theirs).
import { Button, Card, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { eventTimeZone } from '@gatherly/domain/time-zones';
import {
  WALL_PACE_CHOICES,
  type WallAdminView,
  type WallLinkCreated,
  type WallSettings,
} from '@gatherly/domain/wall';
import { Checkbox } from '../../components/chakra/Checkbox.ts';
import { Code } from '../../components/chakra/Code.ts';
import { NativeSelect } from '../../components/chakra/NativeSelect.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { ZonedTime } from '../../components/ZonedTime.tsx';
import { describeError } from '../../lib/errors.ts';
import { useOnline } from '../../lib/offline/connectivity.ts';
import { canShare, shareLink } from '../../lib/share.ts';
import { showToast } from '../../lib/toast-store.ts';
import { createWallLink, loadWallAdmin, revokeWallLink, saveWallSettings } from './data.ts';

const FAILED = 'Could not change the photo wall. Please try again.';

interface Props {
  eventId: string;
  eventName: string;
  timeZone: string | null | undefined;
}

export function WallSettingsCard({ eventId, eventName, timeZone }: Props) {
  const [view, setView] = useState<WallAdminView | null>(null);
  const [loadError, setLoadError] = useState(false);
  const [busy, setBusy] = useState(false);
  const [created, setCreated] = useState<WallLinkCreated | null>(null);
  const [revoking, setRevoking] = useState<string | null>(null);
  const online = useOnline();
  const loaded = view !== null;
  const zone = eventTimeZone({ timeZone });

  useEffect(() => {
    if (!online || loaded) return;
    let live = true;
    loadWallAdmin(eventId).then(
      (v) => {
        if (!live) return;
        setView(v);
        setLoadError(false);
      },
      (err: unknown) => {
        console.error('Loading the photo wall settings failed', err);
        if (live) setLoadError(true);
      },
    );
    return () => {
      live = false;
    };
  }, [eventId, online, loaded]);

  const act = async <T,>(run: () => Promise<T>): Promise<T | null> => {
    setBusy(true);
    try {
      return await run();
    } catch (err) {
      showToast({ title: 'Error', description: describeError(err, FAILED), status: 'error' });
      return null;
    } finally {
      setBusy(false);
    }
  };

  const create = async () => {
    const made = await act(() => createWallLink(eventId));
    if (!made) return;
    setCreated(made);
    setView((v) => v && { ...v, links: [...v.links, made.link] });
  };

  const revoke = async (linkId: string) => {
    const done = await act(() => revokeWallLink(eventId, linkId));
    setRevoking(null);
    if (!done) return;
    setView((v) => v && { ...v, links: v.links.filter((l) => l.id !== linkId) });
    if (created?.link.id === linkId) setCreated(null);
    showToast({ title: 'Wall link revoked', status: 'success' });
  };

  const saveSettings = async (settings: WallSettings) => {
    const saved = await act(() => saveWallSettings(eventId, settings));
    if (saved) setView((v) => v && { ...v, settings: saved });
  };

  const share = async (url: string) => {
    try {
      const outcome = await shareLink(url, eventName, `${eventName}: photo wall`);
      if (outcome === 'copied')
        showToast({ title: 'Link copied', description: 'The wall link', status: 'success' });
    } catch (err) {
      showToast({ title: 'Error', description: describeError(err, FAILED), status: 'error' });
    }
  };

  return (
    <Card.Root data-testid="wall-settings-card">
      <Card.Header>
        <Heading size="lg">Photo Wall</Heading>
      </Card.Header>
      <Card.Body gap="4">
        <Text color="fg.muted" textStyle="sm">
          Show guests’ photos live on a TV or projector at the venue. A wall link opens the wall on
          any browser without signing in; it shows the photos and nothing else.
        </Text>
        <HStack gap="2" wrap="wrap">
          <Button size="sm" variant="outline" asChild>
            <Link to={`/events/${encodeURIComponent(eventId)}/wall`}>Open Wall Here</Link>
          </Button>
          <Button
            size="sm"
            colorPalette="brand"
            disabled={!view || busy}
            onClick={() => void create()}
            data-testid="create-wall-link"
          >
            Create Wall Link
          </Button>
        </HStack>
        {!online && !loaded ? (
          <Text color="fg.muted">The wall links show here when you are back online.</Text>
        ) : loadError ? (
          <Text color="fg.error">Could not load the photo wall settings. Reload to try again.</Text>
        ) : (
          view && (
            <Stack gap="4">
              {created && (
                <Stack gap="2" p="3" borderRadius="l2" bg="bg.subtle">
                  <Text textStyle="sm" fontWeight="semibold">
                    Your new wall link — copy it now: it is shown only once.
                  </Text>
                  <Code p="2" wordBreak="break-all" whiteSpace="normal" data-testid="wall-link-url">
                    {created.url}
                  </Code>
                  <HStack gap="2">
                    <Button size="sm" onClick={() => void share(created.url)}>
                      {canShare() ? 'Share Link' : 'Copy Link'}
                    </Button>
                    <Button size="sm" variant="outline" asChild>
                      <a href={created.url} target="_blank" rel="noreferrer">
                        Open
                      </a>
                    </Button>
                  </HStack>
                </Stack>
              )}
              {view.links.length === 0 ? (
                <Text textStyle="sm" color="fg.muted">
                  No wall links yet.
                </Text>
              ) : (
                <Stack as="ul" gap="2" listStyleType="none" data-testid="wall-links">
                  {view.links.map((link) => (
                    <HStack
                      as="li"
                      key={link.id}
                      justify="space-between"
                      gap="3"
                      p="2"
                      borderWidth="1px"
                      borderRadius="l2"
                    >
                      <Text textStyle="sm">
                        Created <ZonedTime value={link.createdAt} timeZone={zone} /> by{' '}
                        {link.createdByName}
                      </Text>
                      <Button
                        size="xs"
                        variant="outline"
                        colorPalette="red"
                        disabled={busy}
                        onClick={() => setRevoking(link.id)}
                      >
                        Revoke
                      </Button>
                    </HStack>
                  ))}
                </Stack>
              )}
              <HStack gap="3" wrap="wrap">
                <Text textStyle="sm" asChild>
                  <label htmlFor="wall-pace">Each photo stays</label>
                </Text>
                <NativeSelect.Root size="sm" width="auto" disabled={busy}>
                  <NativeSelect.Field
                    id="wall-pace"
                    value={String(view.settings.paceSeconds)}
                    onChange={(e) =>
                      void saveSettings({
                        ...view.settings,
                        paceSeconds: Number(e.currentTarget.value),
                      })
                    }
                  >
                    {WALL_PACE_CHOICES.map((s) => (
                      <option key={s} value={s}>
                        {s} seconds
                      </option>
                    ))}
                  </NativeSelect.Field>
                  <NativeSelect.Indicator />
                </NativeSelect.Root>
              </HStack>
              <Checkbox.Root
                checked={view.settings.approveFirst}
                disabled={busy}
                onCheckedChange={(e) =>
                  void saveSettings({ ...view.settings, approveFirst: e.checked === true })
                }
              >
                <Checkbox.HiddenInput />
                <Checkbox.Control />
                <Checkbox.Label>Approve photos before they appear on the wall</Checkbox.Label>
              </Checkbox.Root>
            </Stack>
          )
        )}
      </Card.Body>
      <ConfirmDialog
        open={revoking !== null}
        title="Revoke this wall link?"
        description="A wall open on it stops at once and shows that the link is no longer valid."
        confirmLabel="Revoke"
        pendingLabel="Revoking..."
        pending={busy}
        destructive
        onConfirm={() => revoking && void revoke(revoking)}
        onClose={() => setRevoking(null)}
      />
    </Card.Root>
  );
}
