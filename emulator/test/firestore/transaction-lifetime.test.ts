// Production's transaction lifetime (270 s from the start, 60 s idle), enforced in production
// limits mode; the lenient mode keeps only a 270 s idle expiry.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DatabaseStore } from '../../src/firestore/store.ts';
import { TransactionManager } from '../../src/firestore/transactions.ts';

const expired = 'The referenced transaction has expired or is no longer valid.';

describe('transaction lifetime', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(0);
  });
  afterEach(() => vi.useRealTimers());

  it('expires a transaction used within 60 s each time once 270 s have passed', async () => {
    const transactions = new TransactionManager(new DatabaseStore('p', '(default)'), true);
    const id = transactions.begin(undefined);
    for (let s = 50; s < 270; s += 50) {
      vi.setSystemTime(s * 1_000);
      await transactions.lockForRead(id, [`docs/d${s}`]);
    }
    vi.setSystemTime(271_000);
    await expect(transactions.lockForRead(id, ['docs/x'])).rejects.toMatchObject({
      code: 3,
      message: expired,
    });
  });

  it('expires a transaction idle for more than 60 s', () => {
    const transactions = new TransactionManager(new DatabaseStore('p', '(default)'), true);
    const id = transactions.begin(undefined);
    vi.setSystemTime(61_000);
    expect(() => transactions.validateAndEnd(id)).toThrow(expired);
  });

  it('with the mode off keeps an idle transaction up to 270 s', () => {
    const transactions = new TransactionManager(new DatabaseStore('p', '(default)'), false);
    const id = transactions.begin(undefined);
    vi.setSystemTime(200_000);
    expect(() => transactions.validateAndEnd(id)).not.toThrow();
  });
});
