import { Alert, Box, Button, CloseButton, Portal, Stack, Text } from '@chakra-ui/react';
import { Dialog } from '../../components/chakra/Dialog.ts';
import { Field } from '../../components/chakra/Field.ts';
import { Input } from '../../components/chakra/Input.ts';
import { useRef, useState, type DragEvent } from 'react';
import {
  GALLERY_MAX_FILES,
  GALLERY_RESTRICTIONS,
  MAX_IMAGE_BYTES,
  formatBytes,
} from '@gatherly/domain/upload';
import { showToast } from '../../lib/toast-store.ts';
import { offlineReason, useOnline } from '../../lib/offline/connectivity.ts';
import { UploadItemRow } from './UploadItemRow.tsx';
import { useUploadQueue } from './use-upload-queue.ts';

interface Props {
  eventId: string;
  uid: string;
  open: boolean;
  onClose(): void;
}

export function UploadPhotosDialog({ eventId, uid, open, onClose }: Props) {
  const input = useRef<HTMLInputElement>(null);
  const [caption, setCaption] = useState('');
  const [messages, setMessages] = useState<string[]>([]);
  const [dragging, setDragging] = useState(false);
  const queue = useUploadQueue({
    eventId,
    uid,
    restrictions: GALLERY_RESTRICTIONS,
    onUploaded: () =>
      showToast({
        title: 'Photo Uploaded',
        description: 'Your photo has been uploaded successfully!',
        status: 'success',
      }),
    onFailed: () =>
      showToast({
        title: 'Upload Failed',
        description: 'Failed to upload photo. Please try again.',
        status: 'error',
      }),
  });
  const online = useOnline();
  const waiting = queue.items.filter((it) => it.status === 'ready').length;
  const allDone = queue.items.length > 0 && queue.items.every((it) => it.status === 'done');

  const addFiles = (files: FileList | null) => {
    if (!files?.length) return;
    queue.add(Array.from(files)).then(setMessages, (err: unknown) => {
      console.error('Reading the selected files failed', err);
      setMessages(['The selected files could not be read. Please try again.']);
    });
  };
  const close = () => {
    if (queue.busy) return;
    queue.cancelAll();
    setCaption('');
    setMessages([]);
    onClose();
  };
  const cancel = () => {
    queue.cancelAll();
    setCaption('');
    setMessages([]);
    onClose();
  };
  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setDragging(false);
    addFiles(e.dataTransfer.files);
  };

  return (
    <Dialog.Root open={open} onOpenChange={(e) => !e.open && close()} placement="center" size="lg">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner px="4">
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>Upload Photos</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="4">
                <Box
                  borderWidth="2px"
                  borderStyle="dashed"
                  borderColor={dragging ? 'brand.solid' : 'border'}
                  borderRadius="l3"
                  p="6"
                  textAlign="center"
                  onDragOver={(e) => {
                    e.preventDefault();
                    setDragging(true);
                  }}
                  onDragLeave={() => setDragging(false)}
                  onDrop={onDrop}
                  data-testid="drop-zone"
                >
                  <Text mb="2">Drop photos here or</Text>
                  <Button variant="outline" size="sm" onClick={() => input.current?.click()}>
                    Browse files
                  </Button>
                  <Text fontSize="xs" color="fg.muted" mt="2">
                    Images only, up to {GALLERY_MAX_FILES} files of {formatBytes(MAX_IMAGE_BYTES)}{' '}
                    each. Photos are compressed before upload.
                  </Text>
                  <input
                    ref={input}
                    type="file"
                    accept="image/*"
                    multiple
                    hidden
                    data-testid="file-input"
                    onChange={(e) => {
                      addFiles(e.currentTarget.files);
                      e.currentTarget.value = '';
                    }}
                  />
                </Box>
                {!online && (
                  <Alert.Root status="warning" size="sm" data-testid="upload-offline">
                    <Alert.Indicator />
                    <Alert.Description>{offlineReason('Uploading photos')}</Alert.Description>
                  </Alert.Root>
                )}
                {messages.length > 0 && (
                  <Alert.Root status="error" size="sm">
                    <Alert.Indicator />
                    <Alert.Content>
                      {messages.map((m) => (
                        <Alert.Description key={m}>{m}</Alert.Description>
                      ))}
                    </Alert.Content>
                  </Alert.Root>
                )}
                <Field.Root>
                  <Field.Label>Caption (optional)</Field.Label>
                  <Input
                    value={caption}
                    onChange={(e) => setCaption(e.currentTarget.value)}
                    placeholder="Say something about these photos"
                    maxLength={500}
                  />
                </Field.Root>
                <Stack gap="2">
                  {queue.items.map((item) => (
                    <UploadItemRow
                      key={item.key}
                      item={item}
                      onPause={queue.pause}
                      onResume={queue.resume}
                      onRetry={queue.retry}
                      onRemove={queue.remove}
                    />
                  ))}
                </Stack>
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              {allDone ? (
                <Button colorPalette="brand" onClick={close}>
                  Done
                </Button>
              ) : (
                <>
                  <Button variant="outline" onClick={cancel}>
                    Cancel
                  </Button>
                  <Button
                    colorPalette="brand"
                    disabled={waiting === 0 || queue.busy || !online}
                    loading={queue.busy}
                    loadingText="Uploading..."
                    onClick={() => setMessages(queue.start(caption))}
                  >
                    {waiting > 0 ? `Upload ${waiting} photo${waiting === 1 ? '' : 's'}` : 'Upload'}
                  </Button>
                </>
              )}
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" disabled={queue.busy} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
