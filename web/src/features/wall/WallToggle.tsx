// The viewer's "Hide from wall" / "Show on wall" (admins; docs/product.md, "Photo wall"): the
// photo leaves open walls within a poll and stays in the gallery. A waiting photo's "Show on
// wall" approves it.
import { Box, Button } from '@chakra-ui/react';
import { useState } from 'react';
import type { WallState } from '@gatherly/domain/wall';
import { describeError } from '../../lib/errors.ts';
import { requireConnection } from '../../lib/offline/offline-toast.ts';
import { showToast } from '../../lib/toast-store.ts';
import { setPhotoWallState } from './data.ts';

interface Props {
  photo: { id: string; eventId: string; wallState?: WallState };
}

export function WallToggle({ photo }: Props) {
  const [busy, setBusy] = useState(false);
  // The live listener brings the stored state; this one shows the answer until it does.
  const [answered, setAnswered] = useState<{ id: string; state: WallState } | null>(null);
  const state =
    answered && answered.id === photo.id ? answered.state : (photo.wallState ?? 'shown');
  const onWall = state === 'shown';

  const toggle = async () => {
    if (!requireConnection('Changing the photo wall')) return;
    setBusy(true);
    try {
      const res = await setPhotoWallState(photo.eventId, photo.id, onWall ? 'hidden' : 'shown');
      setAnswered({ id: res.id, state: res.wallState });
      showToast({
        title: res.wallState === 'hidden' ? 'Hidden from the wall' : 'Shown on the wall',
        status: 'success',
      });
    } catch (err) {
      showToast({
        title: 'Error',
        description: describeError(err, 'Could not change the photo wall. Please try again.'),
        status: 'error',
      });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Button
      size="sm"
      variant="ghost"
      color="white"
      loading={busy}
      onClick={() => void toggle()}
      data-testid="wall-toggle"
    >
      <Box as="span">{onWall ? 'Hide from wall' : 'Show on wall'}</Box>
    </Button>
  );
}
