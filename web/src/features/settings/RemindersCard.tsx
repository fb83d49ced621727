import { Card, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { Field } from '../../components/chakra/Field.ts';
import { Input } from '../../components/chakra/Input.ts';
import { Switch } from '../../components/chakra/Switch.ts';
import { useState } from 'react';
import { useDb } from '../../lib/live/index.ts';
import type { ReminderSettings } from '@gatherly/domain/entities/events';
import { reminderSettingsSchema } from '@gatherly/domain/email/reminders';
import {
  DEFAULT_REMINDER_SETTINGS,
  effectiveReminderSettings,
  REMINDER_HOURS_MAX,
  REMINDER_HOURS_MESSAGE,
  REMINDER_HOURS_MIN,
} from '@gatherly/domain/email/reminder-settings';
import { saveReminderSettings } from './data.ts';
import { SaveIndicator } from './SaveIndicator.tsx';
import { useAutoSave } from './use-auto-save.ts';

interface Props {
  eventId: string;
  /** As stored; absent on events that never changed them (the defaults apply). */
  stored: ReminderSettings | undefined;
}

/** The first problem with a settings value, as the domain schema words it; null when valid. */
function problemWith(settings: ReminderSettings): string | null {
  // Empty, decimal or non-numeric input: the schema's own message, not yup's type error.
  if (Number.isNaN(settings.unansweredHoursBefore)) return REMINDER_HOURS_MESSAGE;
  try {
    reminderSettingsSchema.validateSync(settings);
    return null;
  } catch (err) {
    return err instanceof Error ? err.message : String(err);
  }
}

/**
 * The e-mails the scheduler sends before schedule items (decisions.md, "E-mail"): a reminder to
 * members who have not answered, N hours before (or off), and the day-of summary. Saved like the
 * other settings: switches at once, the hours when the field is left.
 */
export function RemindersCard({ eventId, stored }: Props) {
  const db = useDb();
  const { status, run } = useAutoSave();
  const settings = effectiveReminderSettings(stored);
  // The hours last chosen, kept while reminders are off so turning them back on restores them.
  const [hours, setHours] = useState(
    String(settings.unansweredHoursBefore ?? DEFAULT_REMINDER_SETTINGS.unansweredHoursBefore),
  );
  const [error, setError] = useState<string | null>(null);
  const remindersOn = settings.unansweredHoursBefore !== null;

  // Another admin's change arrives live: show it unless this field holds an unsaved draft.
  const [shown, setShown] = useState(settings.unansweredHoursBefore);
  if (shown !== settings.unansweredHoursBefore) {
    setShown(settings.unansweredHoursBefore);
    if (settings.unansweredHoursBefore !== null) {
      setHours(String(settings.unansweredHoursBefore));
      setError(null);
    }
  }

  const save = (next: ReminderSettings) => {
    const problem = problemWith(next);
    setError(problem);
    if (problem) return;
    if (
      next.unansweredHoursBefore === settings.unansweredHoursBefore &&
      next.dayOfSummary === settings.dayOfSummary
    )
      return;
    void run(() => saveReminderSettings(db, eventId, next));
  };

  const typedHours = () => (/^\d+$/.test(hours.trim()) ? Number(hours.trim()) : Number.NaN);

  return (
    <Card.Root>
      <Card.Header>
        <HStack justify="space-between">
          <Heading size="lg">E-mail Reminders</Heading>
          <SaveIndicator status={status} />
        </HStack>
        <Text color="fg.muted" fontSize="sm">
          Gatherly e-mails members before schedule items. Members can turn reminders off in their
          profile.
        </Text>
      </Card.Header>
      <Card.Body>
        <Stack gap="5">
          <Stack gap="3">
            <Switch.Root
              colorPalette="brand"
              checked={remindersOn}
              onCheckedChange={(e) => {
                if (!e.checked) {
                  save({ ...settings, unansweredHoursBefore: null });
                  return;
                }
                const typed = typedHours();
                const restored = problemWith({ ...settings, unansweredHoursBefore: typed })
                  ? DEFAULT_REMINDER_SETTINGS.unansweredHoursBefore
                  : typed;
                setHours(String(restored));
                save({ ...settings, unansweredHoursBefore: restored });
              }}
            >
              <Switch.HiddenInput />
              <Switch.Control />
              <Switch.Label>Remind members who have not answered</Switch.Label>
            </Switch.Root>
            {remindersOn && (
              <Field.Root invalid={error !== null} maxW="xs">
                <Field.Label>Hours before each item</Field.Label>
                <Input
                  name="unansweredHoursBefore"
                  type="number"
                  inputMode="numeric"
                  min={REMINDER_HOURS_MIN}
                  max={REMINDER_HOURS_MAX}
                  step={1}
                  value={hours}
                  onChange={(e) => setHours(e.currentTarget.value)}
                  onBlur={() => save({ ...settings, unansweredHoursBefore: typedHours() })}
                />
                {error ? (
                  <Field.ErrorText>{error}</Field.ErrorText>
                ) : (
                  <Field.HelperText>
                    {REMINDER_HOURS_MIN} to {REMINDER_HOURS_MAX} hours (one week); the default is{' '}
                    {DEFAULT_REMINDER_SETTINGS.unansweredHoursBefore}.
                  </Field.HelperText>
                )}
              </Field.Root>
            )}
          </Stack>
          <Switch.Root
            colorPalette="brand"
            checked={settings.dayOfSummary}
            onCheckedChange={(e) => save({ ...settings, dayOfSummary: e.checked })}
          >
            <Switch.HiddenInput />
            <Switch.Control />
            <Switch.Label>Send a summary on the day to members who are going</Switch.Label>
          </Switch.Root>
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
