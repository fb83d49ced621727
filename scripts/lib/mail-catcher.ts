// The local inbox of `npm start`: maildev, a real SMTP server that keeps every message it is
// given and shows them in a web inbox, so e-mail the functions send can be read and clicked
// (docs/decisions.md, "E-mail"). Nothing it receives leaves the machine.
import path from 'node:path';
import { waitForHttp } from './net.ts';
import { startProcess, type Managed } from './processes.ts';

export interface MailCatcher {
  /** What the functions send to (SMTP_URI). */
  smtpUri: string;
  /** The web inbox. */
  inboxUrl: string;
  process: Managed;
}

export async function startMailCatcher(options: {
  root: string;
  host: string;
  smtpPort: number;
  webPort: number;
}): Promise<MailCatcher> {
  const { root, host, smtpPort, webPort } = options;
  const managed = startProcess(
    'maildev',
    path.join(root, 'node_modules/.bin/maildev'),
    ['--smtp', String(smtpPort), '--web', String(webPort), '--ip', host, '--web-ip', host],
    {
      cwd: root,
      // Its start-up banner repeats what npm start prints; keep warnings and errors.
      onLine: (line) => {
        if (/warn|error/i.test(line)) console.log(`[maildev] ${line}`);
      },
    },
  );
  const inboxUrl = `http://${host}:${webPort}/`;
  await waitForHttp(`${inboxUrl}api/healthz`, 30_000);
  return { smtpUri: `smtp://${host}:${smtpPort}`, inboxUrl, process: managed };
}
