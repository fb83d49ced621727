import { Box, Button, Card, Text } from '@chakra-ui/react';
import { useId, useLayoutEffect, useRef, useState } from 'react';

/** Lines shown before "Show more". */
export const DESCRIPTION_LINES = 3;

/**
 * The event's description under the banner: its own line breaks kept, clamped to three lines
 * with "Show more" / "Show less" when it runs longer (measured, so a short text has no button).
 */
export function EventDescription({ text }: { text: string }) {
  const [expanded, setExpanded] = useState(false);
  const [overflows, setOverflows] = useState(false);
  const ref = useRef<HTMLParagraphElement>(null);
  const id = useId();

  useLayoutEffect(() => {
    const el = ref.current;
    if (!el || expanded) return;
    const measure = () => setOverflows(el.scrollHeight > el.clientHeight + 1);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, [text, expanded]);

  if (!text.trim()) return null;
  return (
    <Card.Root size="sm" data-testid="event-description">
      <Card.Body gap="1">
        <Text
          ref={ref}
          id={id}
          whiteSpace="pre-line"
          overflowWrap="anywhere"
          lineClamp={expanded ? undefined : DESCRIPTION_LINES}
        >
          {text.trim()}
        </Text>
        {(overflows || expanded) && (
          <Box>
            <Button
              variant="plain"
              size="sm"
              px="0"
              h="auto"
              color="brand.fg"
              aria-expanded={expanded}
              aria-controls={id}
              onClick={() => setExpanded((v) => !v)}
            >
              {expanded ? 'Show less' : 'Show more'}
            </Button>
          </Box>
        )}
      </Card.Body>
    </Card.Root>
  );
}
