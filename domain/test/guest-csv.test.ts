import { describe, expect, it } from 'vitest';
import {
  answerText,
  CSV_BOM,
  csvCell,
  csvFileName,
  csvHeader,
  guestNamesText,
  invitationRow,
  memberRow,
} from '../src/guest-csv.ts';

const items = [
  { id: 'a', title: 'Ceremony' },
  { id: 'b', title: 'Dinner, "late"' },
];
const questions = [
  { id: 'dietary-needs', label: 'Dietary needs' },
  { id: 'song', label: '=Song request' },
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

  it('starts with a BOM and a header naming each item, its party, and each question', () => {
    const header = csvHeader(items, questions);
    expect(header.startsWith(CSV_BOM)).toBe(true);
    expect(header.slice(1)).toBe(
      'Name,Email,Role,Status,Joined,' +
        'Ceremony,Ceremony (party size),Ceremony (guests),' +
        '"Dinner, ""late""","Dinner, ""late"" (party size)","Dinner, ""late"" (guests)",' +
        "Dietary needs,'=Song request\r\n",
    );
    expect(csvHeader(items.slice(0, 1), []).slice(1)).toBe(
      'Name,Email,Role,Status,Joined,Ceremony,Ceremony (party size),Ceremony (guests)\r\n',
    );
  });

  it('one row per member with each answer, and per pending invitation', () => {
    expect(
      memberRow(items, [], {
        displayName: 'Zoë Müller',
        email: 'zoe@example.com',
        role: 'admin',
        joinedAt: '2027-06-01T10:00:00.000Z',
        answers: { a: 'going', b: 'not_going' },
        recordedBy: { b: 'host-uid' },
      }),
    ).toBe(
      'Zoë Müller,zoe@example.com,Admin,Member,2027-06-01T10:00:00.000Z,Going,1,,Not Going (recorded by the host),,\r\n',
    );
    expect(
      memberRow(items, [], {
        displayName: '=cmd',
        email: 'x@example.com',
        role: 'attendee',
        joinedAt: '',
        answers: {},
      }),
    ).toBe("'=cmd,x@example.com,Attendee,Member,,Not Responded,,,Not Responded,,\r\n");
    expect(
      memberRow(items, [], {
        displayName: 'Wes',
        email: 'wes@example.com',
        role: 'attendee',
        joinedAt: '',
        answers: { a: 'waitlisted' },
      }),
    ).toBe('Wes,wes@example.com,Attendee,Member,,Waitlisted,1,,Not Responded,,\r\n');
    expect(invitationRow(items, [], { email: 'new@example.com', role: 'attendee' })).toBe(
      ',new@example.com,Attendee,Invited,,,,,,,\r\n',
    );
    expect(invitationRow(items, questions, { email: 'new@example.com', role: 'admin' })).toBe(
      ',new@example.com,Admin,Invited,,,,,,,,,\r\n',
    );
  });

  it("per item the party's size and guests (children marked), then each question's answer", () => {
    const party = {
      size: 3,
      guests: [
        { name: 'Sam Lee', child: false },
        { name: 'Mia "Mimi" Lee', child: true },
      ],
    };
    expect(
      memberRow(items, questions, {
        displayName: 'Priya Patel',
        email: 'priya@example.com',
        role: 'attendee',
        joinedAt: '',
        answers: { a: 'going', b: 'maybe' },
        // A party left from an earlier Going is no heads for a Maybe.
        parties: { a: party, b: party },
        questionAnswers: {
          'dietary-needs': ['Vegetarian', 'Nut allergy'],
          song: '+1 Dancing Queen',
        },
      }),
    ).toBe(
      'Priya Patel,priya@example.com,Attendee,Member,,' +
        'Going,3,"Sam Lee; Mia ""Mimi"" Lee (child)",' +
        'Maybe,,,' +
        "Vegetarian; Nut allergy,'+1 Dancing Queen\r\n",
    );
    expect(
      memberRow(items, questions, {
        displayName: 'Wes',
        email: 'wes@example.com',
        role: 'attendee',
        joinedAt: '',
        answers: { b: 'waitlisted' },
        parties: { b: { size: 2, guests: [{ name: '@kid', child: true }] } },
        // An answer to a question the host since removed is not a column.
        questionAnswers: { removed: 'x', song: 'Abba' },
      }),
    ).toBe(
      "Wes,wes@example.com,Attendee,Member,,Not Responded,,,Waitlisted,2,'@kid (child),,Abba\r\n",
    );
  });

  it('formats guest names and answers', () => {
    expect(guestNamesText(undefined)).toBe('');
    expect(guestNamesText({ size: 1, guests: [] })).toBe('');
    expect(
      guestNamesText({
        size: 3,
        guests: [
          { name: 'Ana', child: false },
          { name: 'Bo', child: true },
        ],
      }),
    ).toBe('Ana; Bo (child)');
    expect(answerText({ q: ['A', 'B'] }, 'q')).toBe('A; B');
    expect(answerText({ q: 'Fish' }, 'q')).toBe('Fish');
    expect(answerText({}, 'q')).toBe('');
    // Own keys only: a question id like "constructor" is not read from Object.prototype.
    expect(answerText({}, 'constructor')).toBe('');
  });

  it('names the file after the event', () => {
    expect(csvFileName('Zoë & Sam’s Wedding!')).toBe('zoe-sam-s-wedding-guest-list.csv');
    expect(csvFileName('***')).toBe('event-guest-list.csv');
  });
});
