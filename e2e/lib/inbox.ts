// The local inbox (maildev, started by `npm start`): its web inbox at `/` and REST API at `/api`.
import { until } from './expect.ts';

export const INBOX = (process.env.E2E_INBOX_URL ?? 'http://127.0.0.1:1080').replace(/\/+$/, '');

export interface InboxMessage {
  id: string;
  subject: string;
  to: { address: string }[];
}

export async function inbox(): Promise<InboxMessage[]> {
  const res = await fetch(`${INBOX}/api/email`);
  if (!res.ok) throw new Error(`the local inbox answered ${res.status}`);
  return (await res.json()) as InboxMessage[];
}

export const to = (address: string) => (m: InboxMessage) =>
  m.to.some((t) => t.address.toLowerCase() === address.toLowerCase());

/** Waits for `count` messages to `address` whose subject matches (e-mail goes through a trigger). */
export async function waitForMail(
  address: string,
  subject: RegExp,
  count = 1,
): Promise<InboxMessage> {
  let found: InboxMessage[] = [];
  await until(
    `${count} e-mail(s) to ${address} with subject ${subject}`,
    async () => {
      found = (await inbox()).filter((m) => to(address)(m) && subject.test(m.subject));
      return found.length >= count || `${found.length} such messages so far`;
    },
    60_000,
  );
  return found[found.length - 1]!;
}
