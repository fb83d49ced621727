import { Box, HStack, Image, Link as ChakraLink } from '@chakra-ui/react';
import { Link } from 'react-router-dom';
import type { ActivityPhoto } from '@gatherly/domain/entities/activity';
import { PhotoIcon } from '../../components/icons.tsx';
import { eventHref, photoHref } from '../../lib/paths.ts';
import { useImageFailed } from '../../lib/use-image-failed.ts';

/** Thumbnail edge: fits four and "+N" beside the avatar in a phone-width card. */
const TILE = { base: '11', sm: '14' } as const;

/** "Open photo 2 of 5: Beach day": unique per tile, with the caption when there is one. */
export function thumbnailLabel(photo: ActivityPhoto, index: number, count: number): string {
  const which = count > 1 ? `Open photo ${index + 1} of ${count}` : 'Open the photo';
  const caption = photo.caption.trim();
  return caption ? `${which}: ${caption}` : which;
}

function Thumbnail({ url }: { url: string }) {
  const { failed, onError } = useImageFailed(url);
  if (failed) {
    return (
      <Box
        w="full"
        h="full"
        display="flex"
        alignItems="center"
        justifyContent="center"
        bg="bg.muted"
        color="fg.muted"
      >
        <PhotoIcon />
      </Box>
    );
  }
  return (
    <Image
      src={url}
      alt=""
      w="full"
      h="full"
      objectFit="cover"
      bg="bg.muted"
      loading="lazy"
      onError={onError}
    />
  );
}

const tileStyle = {
  display: 'block',
  boxSize: TILE,
  flexShrink: 0,
  borderRadius: 'md',
  overflow: 'hidden',
  borderWidth: '1px',
  borderColor: 'border',
  outlineOffset: '2px',
} as const;

/**
 * A photo line's thumbnails (the batch's newest, newest first), each opening the photo viewer;
 * "+N" after them opens the gallery when the batch holds more.
 */
export function ActivityPhotos({
  eventId,
  photos,
  count,
}: {
  eventId: string;
  photos: readonly ActivityPhoto[];
  count: number;
}) {
  const more = count - photos.length;
  return (
    <HStack
      as="ul"
      listStyleType="none"
      m="0"
      p="0"
      mt="2"
      gap="1.5"
      wrap="wrap"
      aria-label="Uploaded photos"
    >
      {photos.map((photo, index) => (
        <li key={photo.id}>
          <ChakraLink
            asChild
            {...tileStyle}
            _hover={{ opacity: 0.85 }}
            data-testid="activity-thumbnail"
          >
            <Link
              to={photoHref(eventId, photo.id)}
              aria-label={thumbnailLabel(photo, index, count)}
            >
              <Thumbnail url={photo.url} />
            </Link>
          </ChakraLink>
        </li>
      ))}
      {more > 0 && (
        <li>
          <ChakraLink
            asChild
            {...tileStyle}
            bg="bg.muted"
            color="fg"
            fontSize="sm"
            fontWeight="semibold"
            textDecoration="none"
            _hover={{ bg: 'bg.emphasized' }}
          >
            <Link
              to={eventHref(eventId, 'photos')}
              aria-label={`${more} more ${more === 1 ? 'photo' : 'photos'}: open the gallery`}
            >
              <Box
                as="span"
                w="full"
                h="full"
                display="flex"
                alignItems="center"
                justifyContent="center"
                aria-hidden="true"
              >
                +{more}
              </Box>
            </Link>
          </ChakraLink>
        </li>
      )}
    </HStack>
  );
}
