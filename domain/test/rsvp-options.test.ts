import { describe, expect, it } from 'vitest';
import {
  MAX_CAPACITY,
  MAX_PLUS_ONES,
  RSVP_OPTION_MESSAGES,
  allowanceFor,
  checkAnswers,
  headsAndRepliesText,
  partyError,
  partyText,
  placeGoing,
  plusOneAllowanceText,
  promotions,
  spotsLeftRefusal,
  spotsLeftText,
  waitlistPositionText,
  type GuestQuestion,
} from '../src/rsvp-options.ts';
import {
  capacityFormSchema,
  capacityFromForm,
  capacitySchema,
  guestAnswersRequestSchema,
  guestQuestionsSchema,
  memberPlusOnesSchema,
  parseWith,
  plusOnesAllowedSchema,
  rsvpSchema,
} from '../src/schemas.ts';
import { spotOpenedEmail } from '../src/email/waitlist-email.ts';

const place = (input: Partial<Parameters<typeof placeGoing>[0]>) =>
  placeGoing({
    capacity: 10,
    goingHeads: 0,
    waitlisted: 0,
    ownHeads: 0,
    party: 1,
    alreadyWaitlisted: false,
    acceptWaitlist: false,
    ...input,
  });

describe('placeGoing', () => {
  it('no capacity: always going', () => {
    expect(place({ capacity: null, goingHeads: 5000, waitlisted: 3, party: 11 })).toEqual({
      place: 'going',
    });
  });

  it('fits exactly, and one over is refused with the spots left', () => {
    expect(place({ goingHeads: 7, party: 3 })).toEqual({ place: 'going' });
    expect(place({ goingHeads: 8, party: 3 })).toEqual({
      refused: 'Only 2 spots left for 3 people',
    });
    expect(place({ goingHeads: 9, party: 2 })).toEqual({
      refused: 'Only 1 spot left for 2 people',
    });
  });

  it('too few spots: waits when asked to', () => {
    expect(place({ goingHeads: 8, party: 3, acceptWaitlist: true })).toEqual({
      place: 'waitlisted',
    });
  });

  it('full: waits without being asked (nothing is left to refuse)', () => {
    expect(place({ goingHeads: 10 })).toEqual({ place: 'waitlisted' });
    // Capacity lowered below the heads going.
    expect(place({ goingHeads: 12, party: 2 })).toEqual({ place: 'waitlisted' });
  });

  it('nobody jumps a non-empty line, even when the party would fit', () => {
    expect(place({ goingHeads: 5, waitlisted: 1 })).toEqual({ place: 'waitlisted' });
  });

  it('a member already going keeps their place while the new party fits', () => {
    expect(place({ goingHeads: 10, ownHeads: 2, party: 1, waitlisted: 4 })).toEqual({
      place: 'going',
    });
    expect(place({ goingHeads: 10, ownHeads: 2, party: 2 })).toEqual({ place: 'going' });
    // Growing past the free spots is refused, never demoted to the line, in the numbers the
    // item shows: "Full" (no free spot) and the people added.
    expect(place({ goingHeads: 10, ownHeads: 2, party: 3, acceptWaitlist: true })).toEqual({
      refused: 'No spots left for 1 more person',
    });
    expect(place({ goingHeads: 10, ownHeads: 1, party: 2 })).toEqual({
      refused: 'No spots left for 1 more person',
    });
    expect(place({ goingHeads: 9, ownHeads: 1, party: 4 })).toEqual({
      refused: 'Only 1 spot left for 3 more people',
    });
    expect(place({ goingHeads: 12, ownHeads: 1, party: 2 })).toEqual({
      refused: 'No spots left for 1 more person',
    });
    // Keeping or shrinking a party never needs a spot, even after the capacity was lowered.
    expect(place({ goingHeads: 12, ownHeads: 2, party: 2 })).toEqual({ place: 'going' });
    expect(place({ goingHeads: 12, ownHeads: 3, party: 1 })).toEqual({ place: 'going' });
    expect(place({ goingHeads: 8, ownHeads: 1, party: 3 })).toEqual({ place: 'going' });
  });

  it('a waiting member stays in line (their place is kept, not re-queued)', () => {
    expect(place({ goingHeads: 2, waitlisted: 1, alreadyWaitlisted: true })).toEqual({
      place: 'waitlisted',
    });
  });
});

describe('promotions', () => {
  const line = (...sizes: number[]) => sizes.map((size, i) => ({ id: `p${i}`, size }));

  it('promotes from the head while parties fit', () => {
    expect(promotions(line(1, 2, 1), 10, 6).map((p) => p.id)).toEqual(['p0', 'p1', 'p2']);
    expect(promotions(line(1, 2, 1), 10, 7).map((p) => p.id)).toEqual(['p0', 'p1']);
  });

  it('stops at the first party that does not fit: nobody is skipped', () => {
    expect(promotions(line(3, 1, 1), 10, 8)).toEqual([]);
    expect(promotions(line(1, 3, 1), 10, 7).map((p) => p.id)).toEqual(['p0']);
  });

  it('exactly the head when the freed spots fit it', () => {
    expect(promotions(line(2, 1), 10, 8).map((p) => p.id)).toEqual(['p0']);
  });

  it('no capacity: everyone; over capacity or no line: nobody', () => {
    expect(promotions(line(3, 3, 3), null, 100)).toHaveLength(3);
    expect(promotions(line(1), 10, 12)).toEqual([]);
    expect(promotions([], 10, 0)).toEqual([]);
  });
});

describe('allowance and parties', () => {
  it('a member override wins over the event default; absent is 0', () => {
    expect(allowanceFor({}, {})).toBe(0);
    expect(allowanceFor({ plusOnesAllowed: 2 }, {})).toBe(2);
    expect(allowanceFor({ plusOnesAllowed: 2 }, { plusOnesAllowed: null })).toBe(2);
    expect(allowanceFor({ plusOnesAllowed: 2 }, { plusOnesAllowed: 0 })).toBe(0);
    expect(allowanceFor({}, { plusOnesAllowed: 4 })).toBe(4);
  });

  it('partyError names the allowance', () => {
    const guest = { name: 'Sam', child: false };
    expect(partyError([], 0)).toBeNull();
    expect(partyError([guest], 0)).toBe(RSVP_OPTION_MESSAGES.noPlusOnes);
    expect(partyError([guest], 1)).toBeNull();
    expect(partyError([guest, guest], 1)).toBe('You can bring up to 1 guest');
    expect(partyError([guest, guest, guest], 2)).toBe('You can bring up to 2 guests');
    expect(plusOneAllowanceText(0)).toBe(RSVP_OPTION_MESSAGES.noPlusOnes);
  });
});

describe('checkAnswers', () => {
  const questions: GuestQuestion[] = [
    {
      id: 'diet',
      label: 'Dietary needs',
      kind: 'single',
      options: ['None', 'Vegan'],
      required: true,
    },
    { id: 'song', label: 'Song request', kind: 'text', options: [], required: false },
    {
      id: 'access',
      label: 'Accessibility needs',
      kind: 'multi',
      options: ['Step-free', 'Hearing loop', 'Seat near exit'],
      required: true,
    },
  ];

  it('required questions only when asked for all (the first Going)', () => {
    expect(checkAnswers(questions, {}, true)).toEqual({
      error: 'Please answer “Dietary needs”',
    });
    expect(checkAnswers(questions, { diet: 'None' }, true)).toEqual({
      error: 'Please answer “Accessibility needs”',
    });
    expect(checkAnswers(questions, {}, false)).toEqual({ answers: {} });
  });

  it('cleans: unknown ids dropped, text trimmed, empty answers removed, choices in order', () => {
    expect(
      checkAnswers(
        questions,
        {
          diet: 'Vegan',
          song: '  Waterloo  ',
          access: ['Seat near exit', 'Step-free', 'Step-free'],
          gone: 'x',
        },
        true,
      ),
    ).toEqual({
      answers: { diet: 'Vegan', song: 'Waterloo', access: ['Step-free', 'Seat near exit'] },
    });
    expect(checkAnswers(questions, { song: '   ', diet: '', access: [] }, false)).toEqual({
      answers: {},
    });
  });

  it('refuses unknown options and overlong text', () => {
    expect(checkAnswers(questions, { diet: 'Fish' }, false)).toEqual({
      error: '“Dietary needs” has no option “Fish”',
    });
    expect(checkAnswers(questions, { access: ['Lift'] }, false)).toEqual({
      error: '“Accessibility needs” has no option “Lift”',
    });
    expect(checkAnswers(questions, { song: 'x'.repeat(501) }, false)).toEqual({
      error: RSVP_OPTION_MESSAGES.answerTooLong,
    });
  });

  it('reads own answers only: a question id named like an Object member is not inherited', () => {
    const odd: GuestQuestion[] = [
      { id: 'constructor', label: 'Odd', kind: 'multi', options: ['A', 'B'], required: true },
      { id: 'tostring', label: 'Odder', kind: 'single', options: ['A', 'B'], required: false },
    ];
    expect(checkAnswers(odd, {}, true)).toEqual({ error: 'Please answer “Odd”' });
    expect(checkAnswers(odd, { constructor: ['B'] }, true)).toEqual({
      answers: { constructor: ['B'] },
    });
  });
});

describe('texts', () => {
  it('spots and heads', () => {
    expect(spotsLeftRefusal(2, 3)).toBe('Only 2 spots left for 3 people');
    expect(spotsLeftRefusal(1, 1)).toBe('Only 1 spot left for 1 person');
    expect(spotsLeftRefusal(0, 2)).toBe('No spots left for 2 people');
    expect(spotsLeftRefusal(0, 1, true)).toBe('No spots left for 1 more person');
    expect(spotsLeftRefusal(2, 3, true)).toBe('Only 2 spots left for 3 more people');
    expect(spotsLeftText(null, 5)).toBe('');
    expect(spotsLeftText(10, 10)).toBe('Full');
    expect(spotsLeftText(10, 12)).toBe('Full');
    expect(spotsLeftText(10, 9)).toBe('1 spot left');
    expect(spotsLeftText(10, 7)).toBe('3 spots left');
    expect(headsAndRepliesText({ goingHeads: 42, going: 20, maybe: 6, notGoing: 4 })).toBe(
      '42 going · 30 replies',
    );
    expect(headsAndRepliesText({ goingHeads: 1, going: 1, maybe: 0, notGoing: 0 })).toBe(
      '1 going · 1 reply',
    );
  });

  it('a place in line and a party', () => {
    expect(waitlistPositionText(2)).toBe('Waitlisted · #2 in line');
    expect(waitlistPositionText(1)).toBe('Waitlisted · #1 in line');
    expect(waitlistPositionText(null)).toBe('Waitlisted');
    expect(partyText(0)).toBe('Just you');
    expect(partyText(1)).toBe('You + 1 guest');
    expect(partyText(3)).toBe('You + 3 guests');
  });

  it('the spot-opened e-mail says who, what and when, in the event zone', () => {
    const mail = spotOpenedEmail({
      recipientName: 'Sam',
      eventName: 'Summer Wedding',
      itemTitle: 'Rehearsal dinner',
      startTime: '2027-06-11T17:00:00.000Z',
      endTime: null,
      location: 'Casa <b>Azul</b>',
      timeZone: 'Europe/Lisbon',
      partySize: 2,
      eventUrl: 'https://app.example/events/e1',
      unsubscribeUrl: 'https://app.example/api/unsubscribe?token=t',
    });
    expect(mail.subject).toBe("A spot opened: you're going to Rehearsal dinner (Summer Wedding)");
    expect(mail.text).toContain('Your party of 2 is off the waitlist');
    expect(mail.text).toContain('6:00 PM');
    expect(mail.html).toContain('Casa &lt;b&gt;Azul&lt;/b&gt;');
    expect(mail.headers?.['List-Unsubscribe']).toBe(
      '<https://app.example/api/unsubscribe?token=t>',
    );
  });
});

describe('schemas', () => {
  it('rsvpSchema: guests only with Going, named, within the absolute cap; waitlist is a boolean', () => {
    expect(parseWith(rsvpSchema, { status: 'going', guests: [{ name: ' Sam ' }] })).toEqual({
      ok: true,
      value: { status: 'going', guests: [{ name: 'Sam', child: false }] },
    });
    expect(parseWith(rsvpSchema, { status: 'maybe', guests: [{ name: 'Sam' }] })).toMatchObject({
      ok: false,
      errors: [RSVP_OPTION_MESSAGES.guestsOnlyWhenGoing],
    });
    expect(parseWith(rsvpSchema, { status: 'maybe', guests: [] }).ok).toBe(true);
    expect(parseWith(rsvpSchema, { status: 'going', guests: [{ name: '  ' }] })).toMatchObject({
      ok: false,
      errors: [RSVP_OPTION_MESSAGES.plusOneNameRequired],
    });
    expect(
      parseWith(rsvpSchema, { status: 'going', guests: [{ name: 'x'.repeat(81) }] }),
    ).toMatchObject({ ok: false, errors: [RSVP_OPTION_MESSAGES.plusOneNameTooLong] });
    const many = Array.from({ length: MAX_PLUS_ONES + 1 }, () => ({ name: 'x' }));
    expect(parseWith(rsvpSchema, { status: 'going', guests: many }).ok).toBe(false);
    expect(parseWith(rsvpSchema, { status: 'going', waitlist: true }).ok).toBe(true);
    expect(parseWith(rsvpSchema, { status: 'waitlisted' }).ok).toBe(false);
    expect(parseWith(rsvpSchema, { status: 'going', answers: { diet: ['A'] } }).ok).toBe(true);
    expect(parseWith(rsvpSchema, { status: 'going', answers: { Diet: 'A' } }).ok).toBe(false);
    expect(parseWith(rsvpSchema, { status: 'going', answers: [] }).ok).toBe(false);
  });

  it('allowance and capacity ranges', () => {
    for (const ok of [0, 1, MAX_PLUS_ONES])
      expect(parseWith(plusOnesAllowedSchema, ok).ok).toBe(true);
    for (const bad of [-1, MAX_PLUS_ONES + 1, 1.5, '2', null]) {
      expect(parseWith(plusOnesAllowedSchema, bad), String(bad)).toMatchObject({
        ok: false,
        errors: [RSVP_OPTION_MESSAGES.plusOnesRange],
      });
    }
    expect(parseWith(memberPlusOnesSchema, { plusOnesAllowed: null }).ok).toBe(true);
    expect(parseWith(memberPlusOnesSchema, {}).ok).toBe(false);
    for (const ok of [1, MAX_CAPACITY, null]) {
      expect(parseWith(capacitySchema, { capacity: ok }).ok, String(ok)).toBe(true);
    }
    for (const bad of [0, MAX_CAPACITY + 1, 2.5]) {
      expect(parseWith(capacitySchema, { capacity: bad })).toMatchObject({
        ok: false,
        errors: [RSVP_OPTION_MESSAGES.capacityRange],
      });
    }
  });

  it('the capacity as typed in a form: empty is no limit, else a whole number in range', () => {
    for (const ok of ['', '  ', '1', ' 40 ', String(MAX_CAPACITY)])
      expect(capacityFormSchema.isValidSync(ok), JSON.stringify(ok)).toBe(true);
    for (const bad of ['0', '-3', '2.5', '1e3', 'ten', String(MAX_CAPACITY + 1)])
      expect(() => capacityFormSchema.validateSync(bad), bad).toThrow(
        RSVP_OPTION_MESSAGES.capacityRange,
      );
    expect(capacityFromForm('')).toBeNull();
    expect(capacityFromForm(' 40 ')).toBe(40);
  });

  it('questions: ids, labels, kinds, options', () => {
    const q = { id: 'diet', label: ' Diet ', kind: 'single', options: ['A', 'B'], required: true };
    expect(parseWith(guestQuestionsSchema, { questions: [q] })).toEqual({
      ok: true,
      value: { questions: [{ ...q, label: 'Diet' }] },
    });
    const refusal = (questions: unknown[]) =>
      parseWith(guestQuestionsSchema, { questions }) as { ok: boolean; errors?: string[] };
    expect(refusal([{ ...q, id: 'Diet' }]).errors).toEqual([RSVP_OPTION_MESSAGES.questionId]);
    expect(refusal([{ ...q, label: '' }]).errors).toEqual([
      RSVP_OPTION_MESSAGES.questionLabelRequired,
    ]);
    expect(refusal([{ ...q, kind: 'essay' }]).errors).toEqual([RSVP_OPTION_MESSAGES.questionKind]);
    expect(refusal([{ ...q, options: ['A'] }]).errors).toEqual([
      RSVP_OPTION_MESSAGES.questionOptions,
    ]);
    expect(refusal([{ ...q, options: ['A', 'a'] }]).errors).toEqual([
      RSVP_OPTION_MESSAGES.questionOptions,
    ]);
    expect(refusal([{ ...q, kind: 'text' }]).errors).toEqual([
      RSVP_OPTION_MESSAGES.questionOptions,
    ]);
    expect(refusal([{ ...q, kind: 'text', options: [] }]).ok).toBe(true);
    expect(refusal([q, q]).errors).toEqual([RSVP_OPTION_MESSAGES.duplicateQuestionId]);
    expect(refusal(Array.from({ length: 11 }, (_, i) => ({ ...q, id: `q${i}` }))).errors).toEqual([
      RSVP_OPTION_MESSAGES.tooManyQuestions,
    ]);
    expect(parseWith(guestAnswersRequestSchema, { answers: {} }).ok).toBe(true);
    expect(parseWith(guestAnswersRequestSchema, {}).ok).toBe(false);
  });
});
