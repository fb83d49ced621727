import { Box, Button, CloseButton, Flex, Portal, Text } from '@chakra-ui/react';
import { Code } from '../../components/chakra/Code.ts';
import { Dialog } from '../../components/chakra/Dialog.ts';
import { List } from '../../components/chakra/List.ts';
import { useEffect, useRef, useState } from 'react';
import { CheckIcon, CopyIcon } from '../../components/icons.tsx';
import { showToast } from '../../lib/toast-store.ts';

export const COPY_CONFIRMATION_MS = 3000;

export const DOMAIN_SETUP_STEPS = [
  'Open the identity provider console for this project (Firebase console → Authentication).',
  'Go to Settings → Authorized domains.',
  'Add the domains shown above (and any other host you serve the app from).',
  'Save, then wait 1-2 minutes for the change to take effect.',
  'Refresh this page and try signing in again.',
] as const;

/**
 * Guide for the unauthorised-domain sign-in failure: the current host, a copy button, 5 steps.
 * Loaded on demand, so it mounts closed and opens right after: a dialog mounted already open
 * treats focus still on the link outside it as an outside interaction and closes at once.
 */
export default function DomainSetupGuide({ onClose }: { onClose(): void }) {
  const host = window.location.hostname;
  const [open, setOpen] = useState(false);
  // eslint-disable-next-line react-hooks/set-state-in-effect -- the closed-then-open commit is the point (docs/web.md, "Chakra gotcha")
  useEffect(() => setOpen(true), []);
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(host);
    } catch {
      // Clipboard blocked (insecure context): the host stays visible to copy by hand.
      return;
    }
    setCopied(true);
    showToast({ title: 'Domain copied!', status: 'success' });
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopied(false), COPY_CONFIRMATION_MS);
  };

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(e) => {
        if (!e.open) onClose();
      }}
      placement="center"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner px="4">
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>Authorize this domain for sign-in</Dialog.Title>
            </Dialog.Header>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Close" />
            </Dialog.CloseTrigger>
            <Dialog.Body>
              <Text mb="3" color="fg.muted">
                Google sign-in only works on domains the project has authorized. Current domain:
              </Text>
              <Flex align="center" gap="2" mb="5">
                <Code flex="1" px="3" py="2" fontSize="sm" data-testid="current-host">
                  {host}
                </Code>
                <Button
                  size="sm"
                  variant="outline"
                  onClick={() => void copy()}
                  aria-label="Copy domain"
                >
                  {copied ? <CheckIcon /> : <CopyIcon />}
                  {copied ? 'Copied!' : 'Copy'}
                </Button>
              </Flex>
              <List.Root as="ol" gap="2" ps="5">
                {DOMAIN_SETUP_STEPS.map((step) => (
                  <List.Item key={step}>{step}</List.Item>
                ))}
              </List.Root>
            </Dialog.Body>
            <Dialog.Footer>
              <Box flex="1" />
              <Button onClick={onClose}>Close</Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
