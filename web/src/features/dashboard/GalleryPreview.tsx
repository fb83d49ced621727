import { Button, SimpleGrid, Text } from '@chakra-ui/react';
import { lazy, Suspense, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { can } from '@gatherly/domain/roles';
import type { MemberRole } from '@gatherly/domain/entities/members';
import type { GalleryPhoto } from '../photos/data.ts';
import { PhotoCard } from '../photos/PhotoCard.tsx';
import { usePhotoActions } from '../photos/use-photo-actions.ts';
import { PanelCard } from '../../components/PanelCard.tsx';
import { eventHref, photoHref } from '../../lib/paths.ts';

// The upload dialog (image compression, the upload queue) loads on the Upload click, not with
// the dashboard (docs/performance.md, "JavaScript").
const UploadPhotosDialog = lazy(() =>
  import('../photos/UploadPhotosDialog.tsx').then((m) => ({ default: m.UploadPhotosDialog })),
);

/** How many of the newest photos the dashboard previews. */
export const PREVIEW_PHOTOS = 8;

interface Props {
  eventId: string;
  uid: string;
  role: MemberRole | null;
  photos: readonly GalleryPhoto[];
}

export function GalleryPreview({ eventId, uid, role, photos }: Props) {
  const { voting, vote, toggleFeatured } = usePhotoActions();
  const [uploading, setUploading] = useState(false);
  const navigate = useNavigate();
  const preview = photos.slice(0, PREVIEW_PHOTOS);
  return (
    <PanelCard
      title="Photo Gallery"
      actions={
        <>
          <Button size="sm" colorPalette="brand" onClick={() => setUploading(true)}>
            Upload
          </Button>
          <Button size="sm" variant="ghost" asChild>
            <Link to={eventHref(eventId, 'photos')}>View All</Link>
          </Button>
        </>
      }
    >
      {preview.length === 0 ? (
        <Text color="fg.muted">No photos uploaded yet</Text>
      ) : (
        <SimpleGrid columns={{ base: 2, sm: 3, lg: 4 }} gap="3">
          {preview.map((p) => (
            <PhotoCard
              key={p.id}
              photo={p}
              compact
              canFeature={can(role, 'featurePhotos')}
              voting={voting.has(p.id)}
              onVote={vote}
              onToggleFeatured={toggleFeatured}
              onOpen={(photo) => void navigate(photoHref(eventId, photo.id))}
            />
          ))}
        </SimpleGrid>
      )}
      {uploading && (
        <Suspense fallback={null}>
          <UploadPhotosDialog
            eventId={eventId}
            uid={uid}
            open
            onClose={() => setUploading(false)}
          />
        </Suspense>
      )}
    </PanelCard>
  );
}
