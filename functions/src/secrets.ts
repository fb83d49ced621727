// Bearer secrets in links (invitations, sign-in e-mails, event links): 256 random bits, and the
// hash under which a secret is stored when the stored document must not hold it.
import { createHash, randomBytes } from 'node:crypto';

export function newSecret(): string {
  return randomBytes(32).toString('base64url');
}

export function sha256Hex(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}
