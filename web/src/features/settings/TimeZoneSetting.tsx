import { useState } from 'react';
import { useDb } from '../../lib/live/index.ts';
import { validateSettingsField } from '@gatherly/domain/schemas';
import { eventTimeZone, needsTimeZoneConfirmation } from '@gatherly/domain/time-zones';
import { TimeZonePicker } from '../../components/TimeZonePicker.tsx';
import { saveTimeZone } from './data.ts';

export const TIME_ZONE_FIELD_ID = 'event-time-zone';

interface Props {
  eventId: string;
  /** As stored: null (or not a zone) until an admin confirms one. */
  timeZone: string | null | undefined;
  /** The card's auto-save (its indicator shows the outcome). */
  run(write: () => Promise<unknown>): Promise<boolean>;
}

/**
 * The event's zone, saved as soon as one is picked. Changing it keeps every stored instant: the
 * ceremony stays at the same moment, shown in the new zone's wall-clock time.
 */
export function TimeZoneSetting({ eventId, timeZone, run }: Props) {
  const db = useDb();
  const [error, setError] = useState<string | null>(null);
  const unset = needsTimeZoneConfirmation({ timeZone });
  const choose = (zone: string) => {
    const invalid = validateSettingsField('timeZone', zone);
    setError(invalid);
    if (invalid || zone === timeZone) return;
    void run(() => saveTimeZone(db, eventId, zone));
  };
  return (
    <div id={TIME_ZONE_FIELD_ID}>
      <TimeZonePicker
        label="Time Zone"
        name="timeZone"
        value={unset ? '' : eventTimeZone({ timeZone })}
        onChange={choose}
        error={error}
        helperText={
          unset
            ? 'Not set yet: times are shown in UTC.'
            : 'Dates, the schedule and carpools are shown in this zone to every guest. Changing it keeps every time at the same moment.'
        }
      />
    </div>
  );
}
