// Production settings of the functions (README, "Deploying": the day of a reception). The
// numbers and why are in docs/performance.md, "The reception".
import { defineInt } from 'firebase-functions/params';

export const REGION = 'us-central1';

/**
 * Instances of `api` kept warm: 0 normally; raise it for the day of a big event (a cold start
 * costs a guest 2–5 s) and lower it again after (warm instances are billed while idle).
 */
export const API_MIN_INSTANCES = defineInt('API_MIN_INSTANCES', { default: 0 });

/**
 * `api`: 80 requests at once per instance (2nd gen's concurrency; the handlers mostly wait on
 * Firestore and Storage), 1 vCPU (concurrency above 1 needs a whole CPU), 512 MiB, answers
 * within 60 s (the web app gives up at 30 s and says "busy"), at most 50 instances: 4,000
 * requests in flight, far above 200 guests, and a ceiling on a runaway client's bill.
 */
export const API_OPTIONS = {
  region: REGION,
  concurrency: 80,
  cpu: 1,
  memory: '512MiB',
  timeoutSeconds: 60,
  minInstances: API_MIN_INSTANCES,
  maxInstances: 50,
} as const;

/**
 * Firestore triggers: retried on failure (every handler is idempotent), 80 events at once per
 * instance (the vote fold waits up to a second between writes; waiting costs no CPU), at most
 * 20 instances, 60 s each.
 */
export const TRIGGER_OPTIONS = {
  region: REGION,
  retry: true,
  concurrency: 80,
  cpu: 1,
  memory: '512MiB',
  timeoutSeconds: 60,
  maxInstances: 20,
} as const;
