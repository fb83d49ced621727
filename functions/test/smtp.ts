import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** What the test server answers to each message, in order; then it accepts everything. */
export type Answer = { accept: true; delayMs?: number } | { code: number; text?: string };

export interface TestSmtp {
  uri: string;
  /** Messages accepted so far, parsed. */
  received: ParsedMail[];
  /** Answers for the next messages (451, 550, a slow accept...). */
  plan(...answers: Answer[]): void;
  /** Messages the server was asked to take, accepted or not. */
  attempts(): number;
  stop(): Promise<void>;
}

/** A real SMTP server (smtp-server) on a random loopback port that tests can make fail. */
export async function startTestSmtp(): Promise<TestSmtp> {
  const received: ParsedMail[] = [];
  let answers: Answer[] = [];
  let attempts = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      attempts += 1;
      const answer = answers.shift() ?? { accept: true };
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        if ('code' in answer) {
          const err = new Error(answer.text ?? `Test server answers ${answer.code}`) as Error & {
            responseCode: number;
          };
          err.responseCode = answer.code;
          callback(err);
          return;
        }
        const finish = () => {
          void simpleParser(Buffer.concat(chunks)).then((mail) => {
            received.push(mail);
            callback(null);
          });
        };
        if (answer.delayMs) setTimeout(finish, answer.delayMs);
        else finish();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    uri: `smtp://127.0.0.1:${port}`,
    received,
    plan: (...next) => {
      answers = next;
    },
    attempts: () => attempts,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
