import { Badge, Box, Button, Flex, Grid, HStack, Stack, Text } from '@chakra-ui/react';
import type { PollAnswer, PollOption } from '@gatherly/domain/entities/polls';
import {
  POLL_ANSWERS,
  POLL_ANSWER_LABELS,
  formatPollOption,
  type RankedOption,
} from '@gatherly/domain/polls';

const ANSWER_PALETTES: Readonly<Record<PollAnswer, string>> = {
  yes: 'green',
  ifNeedBe: 'orange',
  no: 'red',
};

interface Props {
  /** Best first (domain `rankOptions`). */
  ranked: readonly RankedOption[];
  /** The viewer's answers by option id (what they sent shows before the server's echo). */
  answers: Partial<Record<string, PollAnswer>>;
  timeZone: string;
  /** Option ids whose answer is on its way to the server (shown at once, saved soon). */
  saving?: readonly string[];
  /** Open and before the deadline. */
  canAnswer: boolean;
  /** Admins pick the date. */
  canPick: boolean;
  onAnswer(optionId: string, answer: PollAnswer): void;
  onPick(option: PollOption): void;
}

/**
 * The answer grid (docs/product.md, "Date polls"): one row per date, best first, with its live
 * counts and the viewer's Yes / If need be / No; the best dates are highlighted. On a phone a
 * row stacks (the date, the counts, then the three answers side by side across the width).
 */
export function PollAnswerGrid({
  ranked,
  answers,
  timeZone,
  saving = [],
  canAnswer,
  canPick,
  onAnswer,
  onPick,
}: Props) {
  return (
    <Stack gap="3" role="list" aria-label="Proposed dates">
      {ranked.map(({ option, counts, best }) => {
        const label = formatPollOption(option, timeZone);
        const mine = answers[option.id];
        return (
          <Flex
            key={option.id}
            role="listitem"
            aria-label={label}
            data-testid="poll-option"
            data-best={best ? 'true' : 'false'}
            data-saving={saving.includes(option.id) ? 'true' : 'false'}
            direction={{ base: 'column', md: 'row' }}
            gap={{ base: '3', md: '4' }}
            align={{ base: 'stretch', md: 'center' }}
            borderWidth="1px"
            borderRadius="l2"
            borderColor={best ? 'green.solid' : 'border'}
            bg={best ? 'green.subtle' : undefined}
            px="4"
            py="3"
          >
            <Box flex="1" minW="0">
              <HStack gap="2" wrap="wrap">
                <Text fontWeight="semibold" data-testid="poll-option-label">
                  {label}
                </Text>
                {best && (
                  <Badge bg="green.700" color="white">
                    Best so far
                  </Badge>
                )}
              </HStack>
              <Text fontSize="sm" color="fg.muted" mt="1" data-testid="poll-option-counts">
                {`${counts.yes} yes · ${counts.ifNeedBe} if need be · ${counts.no} no`}
                {saving.includes(option.id) && ' · Saving...'}
              </Text>
            </Box>
            <Grid
              templateColumns={{ base: '1fr 1fr 1fr', md: 'auto auto auto' }}
              gap="2"
              role="group"
              aria-label={`Your answer for ${label}`}
              aria-busy={saving.includes(option.id)}
              flexShrink={0}
            >
              {POLL_ANSWERS.map((a) => (
                <Button
                  key={a}
                  size="sm"
                  variant={mine === a ? 'solid' : 'outline'}
                  colorPalette={ANSWER_PALETTES[a]}
                  // The palettes' 700 shades keep white text at AA in both colour modes.
                  {...(mine === a
                    ? {
                        bg: `${ANSWER_PALETTES[a]}.700`,
                        color: 'white',
                        _hover: { bg: `${ANSWER_PALETTES[a]}.800` },
                      }
                    : {})}
                  aria-pressed={mine === a}
                  disabled={!canAnswer}
                  onClick={() => mine !== a && onAnswer(option.id, a)}
                >
                  {POLL_ANSWER_LABELS[a]}
                </Button>
              ))}
            </Grid>
            {canPick && (
              <Button
                size="sm"
                variant={best ? 'solid' : 'subtle'}
                colorPalette="brand"
                flexShrink={0}
                aria-label={`Pick this date: ${label}`}
                onClick={() => onPick(option)}
              >
                Pick this date
              </Button>
            )}
          </Flex>
        );
      })}
    </Stack>
  );
}
