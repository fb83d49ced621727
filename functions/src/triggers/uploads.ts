import { onSchedule } from 'firebase-functions/v2/scheduler';
import { info } from 'firebase-functions/logger';
import { REGION } from '../runtime.ts';
import { sweepUnrecordedUploads } from '../services/uploads.ts';

/** Every 30 minutes: an unrecorded upload lives at most its TTL plus one interval. */
export const unrecordedUploadSweep = onSchedule(
  { schedule: 'every 30 minutes', timeZone: 'UTC', region: REGION, timeoutSeconds: 540 },
  async () => {
    const deleted = await sweepUnrecordedUploads();
    if (deleted > 0) info(`Deleted ${deleted} unrecorded uploads`);
  },
);
