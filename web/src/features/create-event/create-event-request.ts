import { dateTimeLocalToIso } from '@gatherly/domain/dates';
import type { CreateEventRequest } from '@gatherly/domain/api/requests';
import type { CreateEventFormValues } from '@gatherly/domain/schemas';
import { deviceTimeZone } from '@gatherly/domain/time-zones';

export const DATES_TBD_NOTE =
  'Event dates will be determined later. You can update them in the event settings.';

/**
 * Form values → POST /api/events body: the dates are wall-clock times in the chosen zone, sent
 * as instants (or null) with the zone; adminId/createdBy from the user.
 */
export function toCreateEventRequest(
  values: CreateEventFormValues,
  uid: string,
): CreateEventRequest {
  const timeZone = values.timeZone?.trim() || deviceTimeZone();
  return {
    name: values.name.trim(),
    description: values.description.trim(),
    location: values.location.trim(),
    startDate: values.datesTbd ? null : dateTimeLocalToIso(values.startDate, timeZone),
    endDate: values.datesTbd ? null : dateTimeLocalToIso(values.endDate, timeZone),
    timeZone,
    customLogo: values.customLogo.trim(),
    themeColors: { ...values.themeColors },
    adminId: uid,
    createdBy: uid,
  };
}

/** The toast for a failed create (docs/product.md, "Create Event"). */
export function createFailureToast(message: string): { title: string; description: string } {
  if (message.includes('Premium subscription required')) {
    return {
      title: 'Premium Required',
      description:
        'You need a premium subscription to create events. Contact support to upgrade your account.',
    };
  }
  return { title: 'Error', description: message };
}
