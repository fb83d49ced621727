import { randomBytes } from 'node:crypto';
import { idTokenOf } from './api.ts';
import type { Person } from './session.ts';

const PROJECT = 'demo-gatherly';
const FIRESTORE = process.env.FIRESTORE_EMULATOR_HOST ?? '127.0.0.1:8080';

export interface ScheduleItemInput {
  title: string;
  description: string;
  /** UTC ISO string. */
  startTime: string;
  endTime: string | null;
  location: string;
}

const str = (v: string) => ({ stringValue: v });

/**
 * Writes a schedule item as `person` through Firestore's REST commit with their own ID token, so
 * the security rules decide exactly as for the web SDK. Used because the web app has no screen to
 * add schedule items yet (see KNOWN-ISSUES.md).
 */
export async function addScheduleItemAs(person: Person, eventId: string, item: ScheduleItemInput): Promise<string> {
  const token = await idTokenOf(person.page);
  const uid = (JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { user_id: string }).user_id;
  const id = randomBytes(15).toString('base64url').replace(/[-_]/g, 'x').slice(0, 20);
  const name = `projects/${PROJECT}/databases/(default)/documents/events/${eventId}/schedule/${id}`;
  const body = {
    writes: [
      {
        update: {
          name,
          fields: {
            id: str(id),
            eventId: str(eventId),
            title: str(item.title),
            description: str(item.description),
            startTime: str(item.startTime),
            endTime: item.endTime === null ? { nullValue: null } : str(item.endTime),
            location: str(item.location),
            createdBy: str(uid),
          },
        },
        currentDocument: { exists: false },
        updateTransforms: [{ fieldPath: 'createdAt', setToServerValue: 'REQUEST_TIME' }],
      },
    ],
  };
  const res = await fetch(`http://${FIRESTORE}/v1/projects/${PROJECT}/databases/(default)/documents:commit`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`schedule item write refused: ${res.status} ${await res.text()}`);
  return id;
}
