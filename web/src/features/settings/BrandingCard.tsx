import { Box, Card, Heading, HStack, Image, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useDb } from '../../lib/live/index.ts';
import { ACCESSIBILITY_TOAST_MS, deriveTheme } from '@gatherly/domain/color';
import type { ThemeColors } from '@gatherly/domain/entities/events';
import { showToast } from '../../lib/toast-store.ts';
import type { GatherlyEvent } from '../../lib/types.ts';
import { ColorSettingField } from './ColorSettingField.tsx';
import { saveThemeColors } from './data.ts';
import { SaveIndicator } from './SaveIndicator.tsx';
import { TextSettingField } from './TextSettingField.tsx';
import { useAutoSave } from './use-auto-save.ts';

const COLOR_FIELDS: { key: keyof ThemeColors; label: string }[] = [
  { key: 'primary', label: 'Primary Color' },
  { key: 'secondary', label: 'Secondary Color' },
  { key: 'tertiary', label: 'Tertiary Color' },
  { key: 'background', label: 'Background Color' },
  { key: 'surface', label: 'Surface Color' },
];

/** Logo preview that disappears when the URL does not load (docs/product.md, "Settings"). */
function LogoPreview({ url }: { url: string }) {
  const [failed, setFailed] = useState<string | null>(null);
  if (!url.trim() || failed === url) return null;
  return (
    <Box>
      <Text fontSize="sm" color="fg.muted" mb="1">
        Preview
      </Text>
      <Image
        src={url}
        alt="Event logo preview"
        boxSize="20"
        objectFit="contain"
        borderWidth="1px"
        borderRadius="l2"
        onError={() => setFailed(url)}
      />
    </Box>
  );
}

export function BrandingCard({ event }: { event: GatherlyEvent }) {
  const db = useDb();
  const { status, run } = useAutoSave();
  const [logoDraft, setLogoDraft] = useState<string | null>(null);

  const saveColor = async (key: keyof ThemeColors, value: string) => {
    const colors = { ...event.themeColors, [key]: value };
    const ok = await run(() => saveThemeColors(db, event.id, colors));
    if (ok && (key === 'background' || key === 'surface')) {
      const theme = deriveTheme(colors);
      showToast({
        title: theme.toastTitle,
        description: theme.message,
        status: 'info',
        duration: ACCESSIBILITY_TOAST_MS,
      });
    }
  };

  return (
    <Card.Root>
      <Card.Header>
        <HStack justify="space-between">
          <Heading size="lg">Branding &amp; Theme</Heading>
          <SaveIndicator status={status} />
        </HStack>
      </Card.Header>
      <Card.Body>
        <Stack gap="5">
          <TextSettingField
            eventId={event.id}
            field="customLogo"
            label="Custom Logo URL (optional)"
            stored={event.customLogo}
            placeholder="https://example.com/logo.png"
            onDraft={setLogoDraft}
          />
          <LogoPreview url={logoDraft ?? event.customLogo} />
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
            {COLOR_FIELDS.map(({ key, label }) => (
              <ColorSettingField
                key={key}
                label={label}
                stored={event.themeColors[key]}
                onCommit={(value) => void saveColor(key, value)}
              />
            ))}
          </SimpleGrid>
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
