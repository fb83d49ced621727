import { Box, Button, Heading, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { Skeleton } from '../../components/chakra/Skeleton.ts';
import { Input } from '../../components/chakra/Input.ts';
import { lazy, Suspense, useCallback, useState, type ReactNode } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { can } from '@gatherly/domain/roles';
import { eventTimeZone } from '@gatherly/domain/time-zones';
import { EmptyState } from '../../components/EmptyState.tsx';
import { useEventScope } from '../../lib/event-scope.tsx';
import { useFirstPageSize } from '../../lib/grid-first-page.ts';
import { eventHref, PATHS, photoHref, UPLOAD_PARAM, useRouteParams } from '../../lib/paths.ts';
import { useEventStats } from '../../lib/use-event-stats.ts';
import { usePhotoById, type GalleryPhoto, type PhotoByIdState } from './data.ts';
import { PhotoCard } from './PhotoCard.tsx';
import { UnfinishedUploadsNotice } from './UnfinishedUploadsNotice.tsx';
import { UploadPhotosDialog } from './UploadPhotosDialog.tsx';
import { WallQueueButton } from '../wall/WallQueueButton.tsx';
import { usePhotoActions } from './use-photo-actions.ts';
import { usePhotoDownload } from './use-photo-download.ts';
import { usePhotoPages } from './use-photo-pages.ts';
import { columnsFor, VirtualPhotoGrid } from './VirtualPhotoGrid.tsx';

type Filter = 'all' | 'featured';

// Loaded when a photo is first opened (docs/performance.md, "JavaScript").
const PhotoViewer = lazy(() => import('./PhotoViewer.tsx'));

/** docs/product.md, "Photos". */
export default function PhotosPage() {
  const { eventId, uid, role, event } = useEventScope();
  const { photoId = null } = useRouteParams(PATHS.photos);
  const navigate = useNavigate();
  const { voting, vote, toggleFeatured } = usePhotoActions();
  const [filter, setFilter] = useState<Filter>('all');
  const [search, setSearch] = useState('');
  // `?upload=1` (the photo wall's QR code) opens the upload sheet at once.
  const [query, setQuery] = useSearchParams();
  const [uploading, setUploading] = useState(() => query.get(UPLOAD_PARAM) === '1');
  const pageSize = useFirstPageSize(columnsFor);
  const stats = useEventStats(eventId);
  const pages = usePhotoPages(eventId, uid, { featured: filter === 'featured', search }, pageSize);
  const total = stats.photos?.total ?? null;
  const featuredCount = stats.photos?.featured ?? null;
  const searching = search.trim() !== '';
  // The grid's height: the stored count of what the filter shows; a search's matches are not
  // counted, so its grid grows as pages load.
  const slots = searching ? null : filter === 'featured' ? featuredCount : total;
  const canFeature = can(role, 'featurePhotos');
  const canDeleteAny = can(role, 'deleteAnyPhoto');
  const canSelect = can(role, 'downloadPhotoSelection');
  const downloads = usePhotoDownload(eventId);
  // Admins pick photos to download; null = not selecting.
  const [selected, setSelected] = useState<ReadonlySet<string> | null>(null);
  const toggleSelected = useCallback(
    (photo: GalleryPhoto) =>
      setSelected((s) => {
        if (!s) return s;
        const next = new Set(s);
        if (!next.delete(photo.id)) next.add(photo.id);
        return next;
      }),
    [],
  );
  const downloadSelected = async () => {
    // In gallery order, as the zip numbers them.
    const ids = pages.photos.filter((p) => selected?.has(p.id)).map((p) => p.id);
    if (await downloads.download(ids)) setSelected(null);
  };

  // The viewer: the photo in the loaded pages (← → move within them), else read by its id.
  const index = photoId ? pages.photos.findIndex((p) => p.id === photoId) : -1;
  const inPages = index >= 0 ? pages.photos[index]! : null;
  const byId = usePhotoById(eventId, uid, photoId && !inPages && !pages.loading ? photoId : null);
  const current: PhotoByIdState = inPages ? { status: 'found', photo: inPages } : byId;
  // Mounted from the first open on and kept, so closing animates and restores focus.
  const [viewerUsed, setViewerUsed] = useState(photoId !== null);
  if (photoId !== null && !viewerUsed) setViewerUsed(true);
  // Opened from the grid: closing goes back in history, so Back does not reopen it.
  const [openedHere, setOpenedHere] = useState(false);

  const openPhoto = useCallback(
    (photo: GalleryPhoto) => {
      setOpenedHere(true);
      void navigate(photoHref(eventId, photo.id));
    },
    [eventId, navigate],
  );
  const showPhoto = (photo: GalleryPhoto) =>
    void navigate(photoHref(eventId, photo.id), { replace: true });
  const closeViewer = () => {
    if (openedHere) void navigate(-1);
    else void navigate(eventHref(eventId, 'photos'), { replace: true });
    setOpenedHere(false);
  };
  const previous = index > 0 ? (pages.photos[index - 1] ?? null) : null;
  const next = index >= 0 ? (pages.photos[index + 1] ?? null) : null;

  const renderItem = useCallback(
    (photo: GalleryPhoto) => (
      <PhotoCard
        photo={photo}
        canFeature={canFeature}
        voting={voting.has(photo.id)}
        onVote={vote}
        onToggleFeatured={toggleFeatured}
        onOpen={openPhoto}
        selection={
          selected ? { selected: selected.has(photo.id), onToggle: toggleSelected } : undefined
        }
      />
    ),
    [canFeature, voting, vote, toggleFeatured, openPhoto, selected, toggleSelected],
  );

  return (
    <Stack gap="6" maxW="6xl" p={{ base: '4', md: '8' }} mx="auto" w="full">
      <HStack justify="space-between" align="start" wrap="wrap" gap="3">
        <Box>
          <Heading size="2xl">Photo Gallery</Heading>
          <Text color="fg.muted">Share and vote on the best moments of the event.</Text>
        </Box>
        <HStack gap="2" wrap="wrap">
          {total !== null && total > 0 && (
            <Button
              variant="outline"
              loading={downloads.preparing && selected === null}
              loadingText="Preparing..."
              onClick={() => void downloads.download()}
            >
              Download All
            </Button>
          )}
          {canSelect && total !== null && total > 0 && selected === null && (
            <Button variant="outline" onClick={() => setSelected(new Set())}>
              Select
            </Button>
          )}
          {canFeature && <WallQueueButton eventId={eventId} photoCount={total} />}
          <Button colorPalette="brand" onClick={() => setUploading(true)}>
            Upload Photos
          </Button>
        </HStack>
      </HStack>
      {selected && (
        <HStack
          justify="space-between"
          wrap="wrap"
          gap="3"
          p="3"
          borderWidth="1px"
          borderRadius="l2"
          bg="bg.subtle"
          position="sticky"
          top="2"
          zIndex="docked"
          data-testid="photo-selection"
        >
          <Text fontWeight="medium" aria-live="polite">
            {selected.size === 0
              ? 'Select the photos to download'
              : `${selected.size} ${selected.size === 1 ? 'photo' : 'photos'} selected`}
          </Text>
          <HStack gap="2">
            <Button variant="ghost" onClick={() => setSelected(null)}>
              Cancel
            </Button>
            <Button
              colorPalette="brand"
              disabled={selected.size === 0}
              loading={downloads.preparing}
              loadingText="Preparing..."
              onClick={() => void downloadSelected()}
            >
              Download Selected
            </Button>
          </HStack>
        </HStack>
      )}
      <UnfinishedUploadsNotice eventId={eventId} uid={uid} />
      <Stack direction={{ base: 'column', md: 'row' }} gap="3" align={{ md: 'center' }}>
        <HStack gap="2">
          <FilterChip active={filter === 'all'} onClick={() => setFilter('all')}>
            All Photos ({total ?? '…'})
          </FilterChip>
          <FilterChip active={filter === 'featured'} onClick={() => setFilter('featured')}>
            Featured ({featuredCount ?? '…'})
          </FilterChip>
        </HStack>
        <Input
          placeholder="Search by caption or uploader..."
          aria-label="Search photos"
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          maxW={{ md: 'sm' }}
          ml={{ md: 'auto' }}
        />
      </Stack>
      {pages.loading ? (
        <SimpleGrid columns={{ base: 2, sm: 3, lg: 4 }} gap="4" data-testid="photos-loading">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} aspectRatio={1} borderRadius="l3" />
          ))}
        </SimpleGrid>
      ) : pages.photos.length === 0 && !pages.hasMore && filter === 'all' && !searching ? (
        <EmptyState
          title="No Photos Yet"
          description="Upload the first photos to start building your event gallery."
          action={
            <Button colorPalette="brand" onClick={() => setUploading(true)}>
              Upload Photos
            </Button>
          }
        />
      ) : pages.photos.length === 0 && !pages.hasMore ? (
        <EmptyState
          title="No Photos Found"
          description="Try adjusting your search or filter criteria."
        />
      ) : (
        <VirtualPhotoGrid
          items={pages.photos}
          totalCount={
            pages.hasMore ? (slots ?? pages.photos.length + pageSize) : pages.photos.length
          }
          getKey={(p) => p.id}
          renderItem={renderItem}
          onRangeChange={pages.setVisibleRange}
        />
      )}
      <UploadPhotosDialog
        eventId={eventId}
        uid={uid}
        open={uploading}
        onClose={() => {
          setUploading(false);
          if (query.has(UPLOAD_PARAM)) setQuery({}, { replace: true });
        }}
      />
      {viewerUsed && (
        <Suspense fallback={null}>
          <PhotoViewer
            open={photoId !== null}
            current={current}
            previous={previous}
            next={next}
            position={index >= 0 ? { index, count: pages.photos.length } : null}
            timeZone={eventTimeZone(event)}
            canFeature={canFeature}
            canDelete={(p) => canDeleteAny || p.uploadedBy === uid}
            voting={photoId !== null && voting.has(photoId)}
            onVote={vote}
            onToggleFeatured={toggleFeatured}
            onNavigate={showPhoto}
            onDeleted={() => {
              const neighbour = next ?? previous;
              if (neighbour) showPhoto(neighbour);
              else closeViewer();
            }}
            onClose={closeViewer}
          />
        </Suspense>
      )}
    </Stack>
  );
}

function FilterChip({
  active,
  onClick,
  children,
}: {
  active: boolean;
  onClick(): void;
  children: ReactNode;
}) {
  return (
    <Button
      size="sm"
      borderRadius="full"
      variant={active ? 'solid' : 'outline'}
      colorPalette={active ? 'brand' : 'gray'}
      aria-pressed={active}
      onClick={onClick}
    >
      {children}
    </Button>
  );
}
