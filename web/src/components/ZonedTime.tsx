import { Box, Text, type TextProps } from '@chakra-ui/react';
import {
  formatWholeDays,
  formatZonedDateTime,
  formatZonedTime,
  viewerTimeHint,
  wallClockNote,
  wholeDays,
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
  /**
   * The end, when a whole-day range (midnight to 23:59 in the zone) should read as its dates
   * ("Sat, June 12, 2027 – Sun, June 13, 2027"), never as "12:00 AM".
   */
  end?: TimeLike | null;
}

/**
 * A time in a zone with its label ("Sat, June 12, 2027, 4:00 PM PDT"), followed by the viewer's
 * own time when their device's clock reads differently ("7:00 PM EDT your time"); whole days
 * (with `end`) as their dates.
 */
export function ZonedTime({
  value,
  timeZone,
  format = 'date-time',
  hintColor,
  end,
}: ZonedTimeProps) {
  const days = end === undefined ? null : wholeDays(value, end, timeZone);
  // Days are the same days on every device: no "your time" hint.
  if (days) return <Text as="span">{formatWholeDays(days)}</Text>;
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
