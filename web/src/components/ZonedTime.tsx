import { Box, Text, type TextProps } from '@chakra-ui/react';
import {
  formatZonedDateTime,
  formatZonedTime,
  viewerTimeHint,
  wallClockNote,
  type TimeLike,
} from '@gatherly/domain/dates';
import { resolveWallClock, timeZoneAbbreviation, timeZoneName } from '@gatherly/domain/time-zones';

const FORMATS = {
  'date-time': formatZonedDateTime,
  time: formatZonedTime,
} as const;

interface ZonedTimeProps {
  value: TimeLike | null | undefined;
  /** The zone it is shown in: the event's, or an airport's. */
  timeZone: string;
  format?: keyof typeof FORMATS;
  /** Colour of the viewer's-time hint (on a photo banner it must stay light). */
  hintColor?: TextProps['color'];
}

/**
 * A time in a zone with its label ("Sat, June 12, 2027, 4:00 PM PDT"), followed by the viewer's
 * own time when their device's clock reads differently ("7:00 PM EDT your time").
 */
export function ZonedTime({ value, timeZone, format = 'date-time', hintColor }: ZonedTimeProps) {
  const hint = viewerTimeHint(value, timeZone);
  return (
    <Text as="span">
      {FORMATS[format](value, timeZone)}
      {hint && (
        <Text
          as="span"
          fontSize="0.85em"
          color={hintColor ?? 'fg.muted'}
          whiteSpace="nowrap"
          data-testid="viewer-time"
        >
          {` · ${hint}`}
        </Text>
      )}
    </Text>
  );
}

/**
 * Under a date-time input holding a wall-clock time in `timeZone`: what a DST change does to it
 * (skipped or repeated) or, when the viewer's clock differs, the same moment in their time.
 */
export function WallClockHint({ value, timeZone }: { value: string; timeZone: string }) {
  const note = wallClockNote(value, timeZone);
  if (note) {
    return (
      <Box as="span" color="fg.warning" data-testid="wall-clock-note">
        {note}
      </Box>
    );
  }
  const resolved = resolveWallClock(value, timeZone);
  const hint = resolved ? viewerTimeHint(resolved.instant, timeZone) : null;
  return hint ? <span data-testid="viewer-time">{`= ${hint}`}</span> : null;
}

/**
 * "Pacific Time (PDT)": the zone a form's times are in, named as people say it; the
 * abbreviation is the one in force at the wall-clock time entered (`wallClock`), else now.
 */
export function zoneLabel(timeZone: string, wallClock = ''): string {
  const at = resolveWallClock(wallClock, timeZone)?.instant ?? Date.now();
  const name = timeZoneName(timeZone, at);
  const abbreviation = timeZoneAbbreviation(at, timeZone);
  return abbreviation && abbreviation !== name ? `${name} (${abbreviation})` : name;
}
