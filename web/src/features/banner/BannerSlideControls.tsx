// The banner's slide controls, in its toolbar below the picture: previous, pause or play (while
// auto-rotate is on; WCAG 2.2.2 lets anyone stop moving content), one dot per slide, next.
import { Box, HStack, IconButton } from '@chakra-ui/react';
import { useRef, type KeyboardEvent } from 'react';
import { PauseIcon, PlayIcon } from '../../components/icons.tsx';
import { ChevronLeftIcon, ChevronRightIcon } from '../photos/viewer-icons.tsx';

interface Props {
  count: number;
  index: number;
  onSelect(index: number): void;
  /** The element the dots switch (the banner's picture). */
  controls: string;
  /** null when auto-rotate is off: there is nothing to pause. */
  playing: boolean | null;
  onTogglePlaying(): void;
  /** Stable keys for the dots, one per slide. */
  keys: readonly string[];
}

export function BannerSlideControls({
  count,
  index,
  onSelect,
  controls,
  playing,
  onTogglePlaying,
  keys,
}: Props) {
  const dots = useRef<(HTMLButtonElement | null)[]>([]);
  const step = (by: number) => (index + by + count) % count;
  // Tabs: one stop in the tab order, arrows (and Home / End) move between the dots.
  const onKeyDown = (e: KeyboardEvent) => {
    const target =
      e.key === 'ArrowRight'
        ? step(1)
        : e.key === 'ArrowLeft'
          ? step(-1)
          : e.key === 'Home'
            ? 0
            : e.key === 'End'
              ? count - 1
              : null;
    if (target === null) return;
    e.preventDefault();
    onSelect(target);
    dots.current[target]?.focus();
  };
  return (
    <HStack gap="0.5" data-testid="banner-slide-controls">
      <IconButton
        size="xs"
        variant="ghost"
        aria-label="Previous banner image"
        onClick={() => onSelect(step(-1))}
      >
        <ChevronLeftIcon />
      </IconButton>
      {playing !== null && (
        <IconButton
          size="xs"
          variant="ghost"
          aria-label={playing ? 'Pause banner rotation' : 'Play banner rotation'}
          onClick={onTogglePlaying}
        >
          {playing ? <PauseIcon /> : <PlayIcon />}
        </IconButton>
      )}
      <HStack gap="0" role="tablist" aria-label="Banner images" onKeyDown={onKeyDown}>
        {keys.map((key, i) => (
          <Box
            as="button"
            key={key}
            ref={(el: HTMLButtonElement | null) => {
              dots.current[i] = el;
            }}
            role="tab"
            aria-selected={i === index}
            aria-controls={controls}
            aria-label={`Show banner image ${i + 1}`}
            tabIndex={i === index ? 0 : -1}
            // A 16–20 px wide, 32 px tall target around an 8 px dot.
            w={{ base: '4', md: '5' }}
            h="8"
            display="grid"
            placeItems="center"
            cursor="pointer"
            borderRadius="full"
            focusVisibleRing="inside"
            onClick={() => onSelect(i)}
          >
            <Box
              as="span"
              display="block"
              w="2"
              h="2"
              borderRadius="full"
              bg={i === index ? 'fg' : 'transparent'}
              borderWidth="1.5px"
              borderColor={i === index ? 'fg' : 'fg.muted'}
              transform={i === index ? 'scale(1.25)' : undefined}
              transition="transform 0.2s, background 0.2s"
            />
          </Box>
        ))}
      </HStack>
      <IconButton
        size="xs"
        variant="ghost"
        aria-label="Next banner image"
        onClick={() => onSelect(step(1))}
      >
        <ChevronRightIcon />
      </IconButton>
    </HStack>
  );
}
