import { describe, expect, it } from 'vitest';
import {
  CSV_BOM,
  csvCell,
  csvFileName,
  csvHeader,
  invitationRow,
  memberRow,
} from '../src/guest-csv.ts';

const items = [
  { id: 'a', title: 'Ceremony' },
  { id: 'b', title: 'Dinner, "late"' },
];

describe('guest list CSV', () => {
  it('neutralises cells a spreadsheet would run as formulas', () => {
    for (const start of ['=', '+', '-', '@', '\t', '\r']) {
      expect(csvCell(`${start}1+1`).replace(/^"/, '').startsWith(`'${start}`)).toBe(true);
    }
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvCell('Ana-Maria')).toBe('Ana-Maria');
    expect(csvCell('')).toBe('');
  });

  it('quotes commas, quotes and line breaks', () => {
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
  });

  it('starts with a BOM and a header naming each item', () => {
    const header = csvHeader(items);
    expect(header.startsWith(CSV_BOM)).toBe(true);
    expect(header.slice(1)).toBe('Name,Email,Role,Status,Joined,Ceremony,"Dinner, ""late"""\r\n');
  });

  it('one row per member with each answer, and per pending invitation', () => {
    expect(
      memberRow(items, {
        displayName: 'Zoë Müller',
        email: 'zoe@example.com',
        role: 'admin',
        joinedAt: '2027-06-01T10:00:00.000Z',
        answers: { a: 'going', b: 'not_going' },
        recordedBy: { b: 'host-uid' },
      }),
    ).toBe(
      'Zoë Müller,zoe@example.com,Admin,Member,2027-06-01T10:00:00.000Z,Going,Not Going (recorded by the host)\r\n',
    );
    expect(
      memberRow(items, {
        displayName: '=cmd',
        email: 'x@example.com',
        role: 'attendee',
        joinedAt: '',
        answers: {},
      }),
    ).toBe("'=cmd,x@example.com,Attendee,Member,,Not Responded,Not Responded\r\n");
    expect(
      memberRow(items, {
        displayName: 'Wes',
        email: 'wes@example.com',
        role: 'attendee',
        joinedAt: '',
        answers: { a: 'waitlisted' },
      }),
    ).toBe('Wes,wes@example.com,Attendee,Member,,Waitlisted,Not Responded\r\n');
    expect(invitationRow(items, { email: 'new@example.com', role: 'attendee' })).toBe(
      ',new@example.com,Attendee,Invited,,,\r\n',
    );
  });

  it('names the file after the event', () => {
    expect(csvFileName('Zoë & Sam’s Wedding!')).toBe('zoe-sam-s-wedding-guest-list.csv');
    expect(csvFileName('***')).toBe('event-guest-list.csv');
  });
});
