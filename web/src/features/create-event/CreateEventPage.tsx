import {
  Alert,
  Badge,
  Box,
  Button,
  Card,
  Flex,
  Heading,
  SimpleGrid,
  Stack,
  Text,
} from '@chakra-ui/react';
import { Field } from '../../components/chakra/Field.ts';
import { Input } from '../../components/chakra/Input.ts';
import { SegmentGroup } from '../../components/chakra/SegmentGroup.ts';
import { Textarea } from '../../components/chakra/Textarea.ts';
import { API } from '@gatherly/domain/api/endpoints';
import { DEFAULT_THEME_COLORS } from '@gatherly/domain/entities/events';
import { createEventFormSchema, type CreateEventFormValues } from '@gatherly/domain/schemas';
import {
  creationBadge,
  creationBadgeShowsWarning,
  formatUsage,
  showsUpgradeIcon,
  usagePercent,
} from '@gatherly/domain/tiers';
import { deviceTimeZone } from '@gatherly/domain/time-zones';
import { useFormik } from 'formik';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { AlertIcon } from '../../components/first-screen-icons.tsx';
import { ArrowLeftIcon, CrownIcon } from '../../components/icons.tsx';
import { TimeZonePicker } from '../../components/TimeZonePicker.tsx';
import { showToast } from '../../lib/toast-store.ts';
import { WallClockHint } from '../../components/ZonedTime.tsx';
import { errorMessage } from '../../lib/api.ts';
import { callApi } from '../../lib/api-client.ts';
import { useColorMode } from '../../lib/color-mode.tsx';
import { markNewlyCreated, useMyEvents } from '../../lib/event-scope.tsx';
import { eventHref, PATHS } from '../../lib/paths.ts';
import { useEventTheme } from '../../lib/event-theme.ts';
import { useSession } from '../../lib/session.tsx';
import { badgeProps } from '../subscription/usage-badge.ts';
import { useSubscription } from '../subscription/use-subscription.ts';
import { ColorField } from './ColorField.tsx';
import {
  createFailureToast,
  DATES_TBD_NOTE,
  toCreateEventRequest,
} from './create-event-request.ts';

const INITIAL_VALUES: CreateEventFormValues = {
  name: '',
  description: '',
  location: '',
  datesTbd: false,
  timeZone: '',
  startDate: '',
  endDate: '',
  customLogo: '',
  themeColors: {
    primary: DEFAULT_THEME_COLORS.primary,
    secondary: DEFAULT_THEME_COLORS.secondary,
    tertiary: DEFAULT_THEME_COLORS.tertiary,
  },
};

const COLOR_FIELDS = [
  { key: 'primary', label: 'Primary' },
  { key: 'secondary', label: 'Secondary' },
  { key: 'tertiary', label: 'Tertiary' },
] as const;

/** Create Event (docs/product.md, "Create Event"): the form previews its colours as the page theme. */
export default function CreateEventPage() {
  const navigate = useNavigate();
  const { user } = useSession();
  const { refreshCounts } = useMyEvents();
  const { colorMode } = useColorMode();
  const { subscription } = useSubscription();
  // The creator's device zone is the usual answer (docs/decisions.md, "Time zones").
  const [initialValues] = useState(() => ({ ...INITIAL_VALUES, timeZone: deviceTimeZone() }));

  const formik = useFormik<CreateEventFormValues>({
    initialValues,
    validationSchema: createEventFormSchema,
    onSubmit: async (values) => {
      if (!user) return;
      try {
        const { event } = await callApi(API.createEvent, {
          body: toCreateEventRequest(values, user.uid),
        });
        // The live list catches up on its own; the marker lets the new event open before it
        // does (opening its route selects it).
        markNewlyCreated(event.id);
        refreshCounts();
        showToast({
          title: 'Event Created',
          description: 'Your event has been created successfully!',
          status: 'success',
        });
        // navigate() never rejects (docs/web.md, "Promises and effects").
        void navigate(eventHref(event.id));
      } catch (err) {
        const toast = createFailureToast(
          errorMessage(err, 'Failed to create event. Please try again.'),
        );
        showToast({ ...toast, status: 'error' });
      }
    },
  });
  const { values, errors, touched, isSubmitting } = formik;

  useEventTheme(
    {
      ...DEFAULT_THEME_COLORS,
      ...Object.fromEntries(
        Object.entries(values.themeColors).filter(([, v]) => /^#[0-9a-fA-F]{6}$/.test(v)),
      ),
    },
    colorMode,
  );

  const setDatesTbd = (tbd: boolean) => {
    void formik.setFieldValue('datesTbd', tbd);
    if (tbd) {
      void formik.setFieldValue('startDate', '');
      void formik.setFieldValue('endDate', '');
    }
  };

  const usage = subscription?.usageCounts.events;
  const percent = usage ? usagePercent(usage.used, usage.limit) : 0;
  const fieldError = (name: 'name' | 'timeZone' | 'startDate' | 'endDate' | 'customLogo') =>
    touched[name] ? errors[name] : undefined;
  const zone = values.timeZone || initialValues.timeZone;

  return (
    <Stack gap="6" p={{ base: '4', md: '8' }} maxW="3xl" mx="auto">
      <Flex align="center" gap="3" wrap="wrap">
        <Button
          variant="ghost"
          size="sm"
          onClick={() => navigate(PATHS.home)}
          aria-label="Back to events"
        >
          <ArrowLeftIcon />
        </Button>
        <Heading as="h2" fontSize={{ base: '2xl', md: '3xl' }} flex="1">
          Create Event
        </Heading>
        {subscription && usage ? (
          <Badge {...badgeProps(creationBadge(percent))} size="lg" data-testid="usage-badge">
            {creationBadgeShowsWarning(percent) ? <AlertIcon /> : null}
            {`${formatUsage(usage.used, usage.limit)} events`}
            {showsUpgradeIcon(subscription.tier) ? (
              <CrownIcon aria-label="Upgrade available" />
            ) : null}
          </Badge>
        ) : null}
      </Flex>

      <Card.Root bg="surface.card" borderRadius="xl">
        <Card.Body gap="5" asChild>
          <form onSubmit={formik.handleSubmit} noValidate>
            <Field.Root required invalid={Boolean(fieldError('name'))}>
              <Field.Label>
                Event Name <Field.RequiredIndicator />
              </Field.Label>
              <Input {...formik.getFieldProps('name')} placeholder="Sarah & Tom's Wedding" />
              <Field.ErrorText>{fieldError('name')}</Field.ErrorText>
            </Field.Root>

            <Field.Root>
              <Field.Label>Description</Field.Label>
              <Textarea
                {...formik.getFieldProps('description')}
                rows={3}
                placeholder="What is the event about?"
              />
            </Field.Root>

            <Field.Root>
              <Field.Label>Location</Field.Label>
              <Input {...formik.getFieldProps('location')} placeholder="City, venue or address" />
            </Field.Root>

            <TimeZonePicker
              label="Time Zone"
              name="timeZone"
              value={values.timeZone ?? ''}
              onChange={(next) => void formik.setFieldValue('timeZone', next)}
              onBlur={() => void formik.setFieldTouched('timeZone', true)}
              error={fieldError('timeZone')}
              helperText="Dates, the schedule and carpools are shown in this zone to every guest, wherever they are."
            />

            <Stack gap="3">
              <SegmentGroup.Root
                value={values.datesTbd ? 'tbd' : 'specific'}
                onValueChange={(e) => setDatesTbd(e.value === 'tbd')}
                aria-label="Date planning"
                alignSelf="flex-start"
              >
                <SegmentGroup.Indicator />
                <SegmentGroup.Items
                  items={[
                    { value: 'specific', label: 'Specific Dates' },
                    { value: 'tbd', label: 'Dates TBD' },
                  ]}
                />
              </SegmentGroup.Root>
              {values.datesTbd ? (
                <Alert.Root status="info">
                  <Alert.Indicator />
                  <Alert.Description>{DATES_TBD_NOTE}</Alert.Description>
                </Alert.Root>
              ) : (
                <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
                  <Field.Root invalid={Boolean(fieldError('startDate'))}>
                    <Field.Label>Start Date</Field.Label>
                    <Input type="datetime-local" {...formik.getFieldProps('startDate')} />
                    <Field.ErrorText>{fieldError('startDate')}</Field.ErrorText>
                    <Field.HelperText>
                      <WallClockHint value={values.startDate} timeZone={zone} />
                    </Field.HelperText>
                  </Field.Root>
                  <Field.Root invalid={Boolean(fieldError('endDate'))}>
                    <Field.Label>End Date</Field.Label>
                    <Input type="datetime-local" {...formik.getFieldProps('endDate')} />
                    <Field.ErrorText>{fieldError('endDate')}</Field.ErrorText>
                    <Field.HelperText>
                      <WallClockHint value={values.endDate} timeZone={zone} />
                    </Field.HelperText>
                  </Field.Root>
                </SimpleGrid>
              )}
            </Stack>

            <Field.Root invalid={Boolean(fieldError('customLogo'))}>
              <Field.Label>Event Logo URL (optional)</Field.Label>
              <Input
                type="url"
                {...formik.getFieldProps('customLogo')}
                placeholder="https://…/logo.png"
              />
              <Field.ErrorText>{fieldError('customLogo')}</Field.ErrorText>
            </Field.Root>

            <Box>
              <Text fontWeight="medium" mb="2">
                Theme Colors
              </Text>
              <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
                {COLOR_FIELDS.map(({ key, label }) => (
                  <ColorField
                    key={key}
                    label={label}
                    name={`themeColors.${key}`}
                    value={values.themeColors[key]}
                    error={touched.themeColors?.[key] ? errors.themeColors?.[key] : undefined}
                    onChange={(v) => void formik.setFieldValue(`themeColors.${key}`, v)}
                    onBlur={() => void formik.setFieldTouched(`themeColors.${key}`, true)}
                  />
                ))}
              </SimpleGrid>
            </Box>

            <Flex gap="3" justify="flex-end" pt="2">
              <Button
                variant="outline"
                onClick={() => navigate(PATHS.home)}
                disabled={isSubmitting}
              >
                Cancel
              </Button>
              <Button type="submit" colorPalette="brand" disabled={isSubmitting}>
                {isSubmitting ? 'Creating...' : 'Create Event'}
              </Button>
            </Flex>
          </form>
        </Card.Body>
      </Card.Root>
    </Stack>
  );
}
