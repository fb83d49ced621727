import {
  AspectRatio,
  Badge,
  Box,
  Card,
  chakra,
  HStack,
  IconButton,
  Image,
  Text,
} from '@chakra-ui/react';
import { memo } from 'react';
import { HeartIcon } from '../../components/icons.tsx';
import { UserAvatar } from '../../components/UserAvatar.tsx';
import type { GalleryPhoto } from './data.ts';
import { useImageFailed } from '../../lib/use-image-failed.ts';
import { StarIcon } from './viewer-icons.tsx';

interface Props {
  photo: GalleryPhoto;
  canFeature: boolean;
  voting: boolean;
  onVote(photo: GalleryPhoto): void;
  onToggleFeatured(photo: GalleryPhoto): void;
  /** Opens the photo in the viewer (the image is then a button). */
  onOpen?(photo: GalleryPhoto): void;
  /** Compact cards (dashboard preview) hide the uploader row. */
  compact?: boolean;
  /** Selecting photos to download (admins): the image toggles the selection instead of opening. */
  selection?: { selected: boolean; onToggle(photo: GalleryPhoto): void };
}

/** The grid image: the small thumbnail when there is one, else the full photo. */
export function PhotoImage({
  photo,
}: {
  photo: Pick<GalleryPhoto, 'thumbUrl' | 'url' | 'caption' | 'filename'>;
}) {
  const url = photo.thumbUrl || photo.url;
  const { failed, onError } = useImageFailed(url);
  if (failed) {
    return (
      <Box
        bg="bg.muted"
        display="flex"
        alignItems="center"
        justifyContent="center"
        color="fg.muted"
        fontSize="sm"
      >
        Image unavailable
      </Box>
    );
  }
  return (
    <Image
      src={url}
      alt={photo.caption || photo.filename}
      objectFit="cover"
      bg="bg.muted"
      loading="lazy"
      decoding="async"
      onError={onError}
    />
  );
}

function PhotoCardView({
  photo,
  canFeature,
  voting,
  onVote,
  onToggleFeatured,
  onOpen,
  compact,
  selection,
}: Props) {
  const image = (
    <AspectRatio ratio={1}>
      <PhotoImage photo={photo} />
    </AspectRatio>
  );
  return (
    <Card.Root overflow="hidden" size="sm" data-testid="photo-card" height="full">
      <Box position="relative">
        {selection ? (
          <Box
            as="button"
            display="block"
            w="full"
            cursor="pointer"
            aria-label={`Select photo: ${photo.caption || photo.filename}`}
            aria-pressed={selection.selected}
            focusVisibleRing="inside"
            outline={selection.selected ? '3px solid' : undefined}
            outlineColor="colorPalette.solid"
            outlineOffset="-3px"
            colorPalette="brand"
            onClick={() => selection.onToggle(photo)}
          >
            {image}
            <Box
              position="absolute"
              bottom="2"
              left="2"
              boxSize="6"
              borderRadius="full"
              borderWidth="2px"
              borderColor="white"
              bg={selection.selected ? 'colorPalette.solid' : 'blackAlpha.500'}
              color="white"
              fontSize="sm"
              lineHeight="5"
              textAlign="center"
              aria-hidden
            >
              {selection.selected ? '✓' : ''}
            </Box>
          </Box>
        ) : onOpen ? (
          <Box
            as="button"
            display="block"
            w="full"
            cursor="zoom-in"
            aria-label={`Open photo: ${photo.caption || photo.filename}`}
            focusVisibleRing="inside"
            onClick={() => onOpen(photo)}
          >
            {image}
          </Box>
        ) : (
          image
        )}
        {photo.isFeatured && (
          <Badge position="absolute" top="2" left="2" colorPalette="yellow" variant="solid">
            Featured
          </Badge>
        )}
        {canFeature && (
          <IconButton
            position="absolute"
            top="2"
            right="2"
            size="xs"
            variant="solid"
            bg="blackAlpha.600"
            color={photo.isFeatured ? 'yellow.300' : 'white'}
            aria-label={photo.isFeatured ? 'Remove from featured' : 'Mark as featured'}
            aria-pressed={photo.isFeatured}
            onClick={() => onToggleFeatured(photo)}
          >
            <StarIcon fill={photo.isFeatured ? 'currentColor' : 'none'} />
          </IconButton>
        )}
      </Box>
      <Card.Body gap="2" p="3">
        {!compact && (
          <HStack gap="2" minW="0">
            <UserAvatar
              name={photo.uploadedByUser.displayName}
              photoURL={photo.uploadedByUser.photoURL}
              size="2xs"
            />
            <Text fontSize="sm" fontWeight="medium" truncate>
              {photo.uploadedByUser.displayName}
            </Text>
          </HStack>
        )}
        <HStack justify="space-between" gap="2" align="center">
          <Text fontSize="sm" color="fg.muted" lineClamp={1} minW="0">
            {photo.caption}
          </Text>
          {/* The count sits beside the button, not in it: its name is what it does (WCAG 2.5.3). */}
          <HStack gap="1" flexShrink={0} color={photo.userVoted ? 'red.500' : 'fg.muted'}>
            <chakra.button
              type="button"
              cursor="pointer"
              aria-label={photo.userVoted ? 'Remove vote' : 'Vote for this photo'}
              aria-pressed={photo.userVoted}
              // Disabled, not silently ignoring clicks, while the last vote is on its way.
              disabled={voting}
              opacity={voting ? 0.6 : 1}
              onClick={() => onVote(photo)}
            >
              <HeartIcon fill={photo.userVoted ? 'currentColor' : 'none'} boxSize="4" />
            </chakra.button>
            <Text as="span" fontSize="sm" data-testid="vote-count">
              {photo.votes}
            </Text>
          </HStack>
        </HStack>
      </Card.Body>
    </Card.Root>
  );
}

export const PhotoCard = memo(PhotoCardView);
