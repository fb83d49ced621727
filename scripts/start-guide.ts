// What `npm start` prints once the stack is up: how to sign in, who the demo accounts are and
// what each may do in each demo event, and where everything runs.
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { eventListRoleLabel } from '@gatherly/domain/roles';
import { tierDisplayName } from '@gatherly/domain/tiers';
import { EVENTS, USERS } from './lib/demo-data.ts';

export interface GuideInput {
  root: string;
  appUrl: string;
  inboxUrl: string;
  invitations: Array<{ eventName: string; token: string; email: string }>;
  ports: {
    firestore: number;
    storage: number;
    auth: number;
    functions: number;
    hosting: number;
    mailSmtp: number;
  };
  host: string;
  official: boolean;
}

/** Each demo account with its tier and its role in each demo event it belongs to. */
export function demoAccountLines(): string[] {
  const nameWidth = Math.max(...USERS.map((u) => u.displayName.length)) + 2;
  const emailWidth = Math.max(...USERS.map((u) => u.email.length)) + 2;
  return USERS.flatMap((u) => {
    const roles = EVENTS.flatMap((e) => {
      const role = e.members[u.uid];
      return role ? [`${eventListRoleLabel(role)} in ${e.name}`] : [];
    });
    return [
      `  ${u.displayName.padEnd(nameWidth)}${u.email.padEnd(emailWidth)}${tierDisplayName(u.tier)} plan`,
      `      ${roles.length ? roles.join(' · ') : 'no demo event'}`,
    ];
  });
}

/**
 * Hosting serves web/dist: listed with the build's age when there is one; without a build it
 * would answer 404, so it is not offered, and the line says how to get one.
 */
export function hostingLine(root: string, host: string, port: number): string {
  const index = path.join(root, 'web/dist/index.html');
  if (!existsSync(index)) {
    return 'Production build: none yet. Run `npm run build -w web` to serve it from Hosting (no restart needed).';
  }
  const built = statSync(index).mtime.toLocaleString();
  return `Hosting: the production build (web/dist, built ${built}) at http://${host}:${port}/; \`npm run build -w web\` refreshes it.`;
}

export function startGuide(input: GuideInput): string {
  const { ports } = input;
  return [
    '',
    `Gatherly is running at ${input.appUrl}`,
    '',
    'Sign in: click "Sign In" (top right) or "Start Planning for Free", then pick a demo account',
    'in the Auth emulator popup (or "Add new account" for anyone else).',
    '',
    'Demo accounts and their role in each demo event:',
    ...demoAccountLines(),
    '',
    'Pending invitations (open while signed in with that e-mail, or add it as a new account):',
    ...input.invitations.map(
      (i) => `  ${i.eventName}: ${input.appUrl}invite/${i.token}  (${i.email})`,
    ),
    '',
    `E-mail: everything the app sends (invitations, reminders, announcements) is in the local inbox at ${input.inboxUrl}`,
    '',
    hostingLine(input.root, input.host, ports.hosting),
    `Emulators: Firestore ${ports.firestore}, Storage ${ports.storage}, Auth ${ports.auth}, Functions ${ports.functions}, SMTP ${ports.mailSmtp}`,
    input.official
      ? 'Using the official Firestore/Storage emulators.'
      : 'Firestore and Storage: the offline emulator in emulator/.',
    'Press Ctrl-C to stop everything.',
    '',
  ].join('\n');
}
