import { Box, Button, HStack, Text } from '@chakra-ui/react';
import { Progress } from '../../components/chakra/Progress.ts';
import { formatBytes } from '@gatherly/domain/upload';
import type { UploadItem } from './use-upload-queue.ts';

const STATUS_TEXT: Record<UploadItem['status'], string> = {
  ready: 'Ready',
  compressing: 'Compressing...',
  uploading: 'Uploading...',
  paused: 'Paused',
  saving: 'Saving...',
  done: 'Uploaded',
  failed: 'Failed',
};

interface Props {
  item: UploadItem;
  onPause(key: string): void;
  onResume(key: string): void;
  onRetry(key: string): void;
  onRemove(key: string): void;
}

export function UploadItemRow({ item, onPause, onResume, onRetry, onRemove }: Props) {
  const percent = Math.round(item.progress);
  return (
    <Box borderWidth="1px" borderRadius="l2" p="3" data-testid="upload-item">
      <HStack justify="space-between" gap="2">
        <Box minW="0">
          <Text fontSize="sm" fontWeight="medium" truncate>
            {item.file.name}
          </Text>
          <Text fontSize="xs" color={item.status === 'failed' ? 'fg.error' : 'fg.muted'}>
            {formatBytes(item.file.size)} · {STATUS_TEXT[item.status]}
            {item.status === 'uploading' || item.status === 'paused' ? ` ${percent}%` : ''}
          </Text>
        </Box>
        <HStack gap="1" flexShrink={0}>
          {item.status === 'uploading' && (
            <Button size="xs" variant="ghost" onClick={() => onPause(item.key)}>
              Pause
            </Button>
          )}
          {item.status === 'paused' && (
            <Button size="xs" variant="ghost" onClick={() => onResume(item.key)}>
              Resume
            </Button>
          )}
          {item.status === 'failed' && (
            <Button size="xs" variant="ghost" onClick={() => onRetry(item.key)}>
              Retry
            </Button>
          )}
          {item.status !== 'done' && item.status !== 'saving' && (
            <Button size="xs" variant="ghost" colorPalette="red" onClick={() => onRemove(item.key)}>
              {item.status === 'ready' || item.status === 'failed' ? 'Remove' : 'Cancel'}
            </Button>
          )}
        </HStack>
      </HStack>
      {item.status !== 'ready' && (
        <Progress.Root
          value={
            item.status === 'done' || item.status === 'saving'
              ? 100
              : item.status === 'compressing'
                ? null
                : percent
          }
          size="xs"
          mt="2"
          colorPalette={
            item.status === 'failed' ? 'red' : item.status === 'done' ? 'green' : 'brand'
          }
          aria-label={`Upload progress of ${item.file.name}`}
        >
          <Progress.Track>
            <Progress.Range />
          </Progress.Track>
        </Progress.Root>
      )}
      {item.error && (
        <Text fontSize="xs" color="fg.error" mt="1">
          {item.error}
        </Text>
      )}
    </Box>
  );
}
