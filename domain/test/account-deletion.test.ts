import { describe, expect, it } from 'vitest';
import {
  ACCOUNT_DELETION_MESSAGES,
  accountDeletionRequestSchema,
  choicesError,
  deletionConsequences,
  eventChoices,
  type AccountDataCounts,
  type CreatedEventInfo,
} from '../src/account-deletion.ts';
import { dataExportFileName } from '../src/data-export.ts';

const deputy = { userId: 'a1', displayName: 'Dee', email: 'dee@example.com' };
const created: CreatedEventInfo[] = [
  { id: 'e1', name: 'Wedding', memberCount: 10, admins: [deputy] },
  { id: 'e2', name: 'Solo', memberCount: 1, admins: [] },
];

describe('choicesError', () => {
  it('accepts one valid choice per created event', () => {
    expect(
      choicesError(created, [
        { eventId: 'e1', action: 'transfer', toUserId: 'a1' },
        { eventId: 'e2', action: 'delete' },
      ]),
    ).toBeNull();
    expect(choicesError([], [])).toBeNull();
  });

  it('names the first event without a choice', () => {
    expect(choicesError(created, [{ eventId: 'e1', action: 'delete' }])).toBe(
      ACCOUNT_DELETION_MESSAGES.chooseEvery('Solo'),
    );
  });

  it('refuses a hand-over to anyone but one of that event’s admins, and events not theirs', () => {
    expect(
      choicesError(created, [
        { eventId: 'e1', action: 'delete' },
        { eventId: 'e2', action: 'transfer', toUserId: 'a1' },
      ]),
    ).toBe(ACCOUNT_DELETION_MESSAGES.notAnAdmin('Solo'));
    expect(choicesError(created, [{ eventId: 'other', action: 'delete' }])).toBe(
      ACCOUNT_DELETION_MESSAGES.notYours,
    );
  });
});

describe('the request schema', () => {
  it('reads choices, drops an admin given with delete, refuses a missing admin and other actions', async () => {
    const parsed = await accountDeletionRequestSchema.validate({
      events: [
        { eventId: 'e1', action: 'transfer', toUserId: 'a1' },
        { eventId: 'e2', action: 'delete', toUserId: 'ignored' },
      ],
    });
    expect(eventChoices(parsed.events)).toEqual([
      { eventId: 'e1', action: 'transfer', toUserId: 'a1' },
      { eventId: 'e2', action: 'delete' },
    ]);
    await expect(
      accountDeletionRequestSchema.validate({ events: [{ eventId: 'e1', action: 'transfer' }] }),
    ).rejects.toThrow('Choose the admin who takes the event over');
    await expect(
      accountDeletionRequestSchema.validate({ events: [{ eventId: 'e1', action: 'archive' }] }),
    ).rejects.toThrow(ACCOUNT_DELETION_MESSAGES.chooseAction);
  });
});

const NONE: AccountDataCounts = {
  memberships: 0,
  photos: 0,
  photoBytes: 0,
  votes: 0,
  rsvps: 0,
  answers: 0,
  flights: 0,
  carpoolsDriven: 0,
  carpoolSeats: 0,
  pendingInvitationsSent: 0,
  announcements: 0,
};

describe('deletionConsequences', () => {
  it('says only the kinds the person has, singular and plural, and always the account itself', () => {
    expect(deletionConsequences(NONE)).toEqual([
      'Your profile, e-mail preferences and sign-in are deleted. You can sign up again later, but nothing comes back.',
    ]);
    const lines = deletionConsequences({ ...NONE, photos: 1, carpoolsDriven: 2, announcements: 1 });
    expect(lines).toContain(
      '1 photo you uploaded is deleted, with its votes. Download your data first to keep a copy.',
    );
    expect(lines).toContain('2 carpools you drive are cancelled; their riders see it disappear.');
    expect(lines).toContain(
      '1 announcement you sent stays in the events\u2019 activity, signed “Former member”.',
    );
    expect(lines).toHaveLength(4);
  });
});

describe('dataExportFileName', () => {
  it('is dated by the UTC day', () => {
    expect(dataExportFileName(new Date('2027-06-12T23:30:00.000Z'))).toBe(
      'gatherly-data-2027-06-12.zip',
    );
  });
});
