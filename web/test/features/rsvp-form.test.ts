// The RSVP step's decisions and checks (features/schedule/rsvp-step.ts, rsvp-form.ts): when a
// Going opens the step, and the form's validation with the domain's messages.
import { describe, expect, it } from 'vitest';
import {
  MAX_PLUS_ONE_NAME,
  RSVP_OPTION_MESSAGES,
  type GuestQuestion,
} from '@gatherly/domain/rsvp-options';
import {
  initialRsvpValues,
  previewPlacement,
  toRsvpRequest,
  validateRsvpForm,
  type RsvpFormRules,
} from '../../src/features/schedule/rsvp-form.ts';
import {
  goingNeedsStep,
  questionsToAsk,
  type GoingContext,
} from '../../src/features/schedule/rsvp-step.ts';
import { headsGoing, tallySchedule } from '../../src/features/schedule/data.ts';
import type { ScheduleDoc } from '../../src/lib/types.ts';

const DIET: GuestQuestion = {
  id: 'diet',
  label: 'Dietary needs',
  kind: 'single',
  options: ['None', 'Vegetarian', 'Vegan'],
  required: true,
};
const ACCESS: GuestQuestion = {
  id: 'access',
  label: 'Accessibility needs',
  kind: 'multi',
  options: ['Step-free access', 'Hearing loop'],
  required: false,
};
const SONG: GuestQuestion = {
  id: 'song',
  label: 'Song request',
  kind: 'text',
  options: [],
  required: false,
};

const ctx = (over: Partial<GoingContext> = {}): GoingContext => ({
  allowance: 0,
  questions: [],
  storedAnswers: null,
  capacity: null,
  ...over,
});

describe('when Going takes the RSVP step', () => {
  it('a plain item with no allowance and no questions is one click', () => {
    expect(goingNeedsStep(ctx())).toBe(false);
    // Questions already answered are not asked again: one click too.
    expect(goingNeedsStep(ctx({ questions: [DIET], storedAnswers: { diet: 'Vegan' } }))).toBe(
      false,
    );
  });

  it('an allowance, a capacity or a first Going with questions opens the step', () => {
    expect(goingNeedsStep(ctx({ allowance: 1 }))).toBe(true);
    expect(goingNeedsStep(ctx({ capacity: 40 }))).toBe(true);
    expect(goingNeedsStep(ctx({ questions: [DIET] }))).toBe(true);
    // Answers still loading: wait for them in the step rather than skip the questions.
    expect(goingNeedsStep(ctx({ questions: [DIET], storedAnswers: undefined }))).toBe(true);
    expect(goingNeedsStep(ctx({ storedAnswers: undefined }))).toBe(false);
  });

  it('asks every question on the first Going (no stored answers), none after', () => {
    expect(questionsToAsk(ctx({ questions: [DIET, SONG] }))).toEqual([DIET, SONG]);
    expect(questionsToAsk(ctx({ questions: [DIET, SONG], storedAnswers: {} }))).toEqual([]);
  });
});

describe('the RSVP form', () => {
  const rules = (over: Partial<RsvpFormRules> = {}): RsvpFormRules => ({
    allowance: 2,
    questions: [DIET, ACCESS, SONG],
    requireAll: true,
    ...over,
  });

  it('starts from the party as it stands and the stored answers (or empty ones)', () => {
    const guests = [{ name: 'Sam', child: false }];
    expect(initialRsvpValues(guests, [DIET, ACCESS, SONG], null)).toEqual({
      guests,
      answers: { diet: '', access: [], song: '' },
    });
    expect(
      initialRsvpValues([], [DIET, ACCESS], { diet: 'Vegan', access: ['Hearing loop'] }).answers,
    ).toEqual({ diet: 'Vegan', access: ['Hearing loop'] });
  });

  it('names each missing or overlong guest name, and each unanswered required question', () => {
    const errors = validateRsvpForm(
      {
        guests: [
          { name: '  ', child: false },
          { name: 'Kit', child: true },
        ],
        answers: { diet: '', access: [], song: '' },
      },
      rules(),
    );
    expect(errors).toEqual({
      guests: [{ name: RSVP_OPTION_MESSAGES.plusOneNameRequired }, undefined],
      answers: { diet: 'Please answer “Dietary needs”' },
    });
    const long = validateRsvpForm(
      {
        guests: [{ name: 'x'.repeat(MAX_PLUS_ONE_NAME + 1), child: false }],
        answers: { diet: 'None' },
      },
      rules(),
    );
    expect(long).toEqual({ guests: [{ name: RSVP_OPTION_MESSAGES.plusOneNameTooLong }] });
  });

  it('refuses a party over the allowance with the allowance as a sentence', () => {
    const three = [1, 2, 3].map((n) => ({ name: `Guest ${n}`, child: false }));
    expect(validateRsvpForm({ guests: three, answers: { diet: 'None' } }, rules())).toEqual({
      guests: 'You can bring up to 2 guests',
    });
    expect(
      validateRsvpForm({ guests: three.slice(0, 1), answers: {} }, rules({ allowance: 0 })),
    ).toMatchObject({ guests: RSVP_OPTION_MESSAGES.noPlusOnes });
  });

  it('optional questions may stay empty; required ones only when all are required', () => {
    expect(
      validateRsvpForm({ guests: [], answers: { diet: 'Vegan', access: [], song: '' } }, rules()),
    ).toEqual({});
    expect(validateRsvpForm({ guests: [], answers: {} }, rules({ requireAll: false }))).toEqual({});
  });

  it('sends Going with trimmed names, clean answers and the wish to wait', () => {
    const values = {
      guests: [{ name: '  Sam Lee ', child: true }],
      answers: { diet: 'Vegan', access: ['Hearing loop', 'Step-free access'], song: '  ' },
    };
    expect(toRsvpRequest(values, rules(), { waitlist: false })).toEqual({
      status: 'going',
      guests: [{ name: 'Sam Lee', child: true }],
      // Choices in the host's order; an empty text answer is left out.
      answers: { diet: 'Vegan', access: ['Step-free access', 'Hearing loop'] },
    });
    // Without questions to ask, no answers are sent (stored ones stay as they are).
    expect(
      toRsvpRequest({ guests: [], answers: {} }, rules({ questions: [] }), { waitlist: true }),
    ).toEqual({ status: 'going', guests: [], waitlist: true });
  });

  it('words where the party would land as the counts stand', () => {
    const counts = {
      going: 8,
      maybe: 0,
      notGoing: 0,
      goingHeads: 9,
      waitlisted: 0,
      waitlistedHeads: 0,
    };
    const preview = (over: Partial<Parameters<typeof previewPlacement>[0]>) =>
      previewPlacement({ capacity: 10, counts, myStatus: null, myHeads: 1, party: 1, ...over });
    expect(preview({})).toBe('going');
    expect(preview({ party: 3 })).toEqual({ refused: 'Only 1 spot left for 3 people' });
    expect(preview({ capacity: 9 })).toBe('waitlisted');
    expect(preview({ counts: { ...counts, waitlisted: 1 } })).toBe('waitlisted');
    // Already going with 2 heads: growing to 3 fits the one spot left.
    expect(preview({ myStatus: 'going', myHeads: 2, party: 3 })).toBe('going');
    expect(preview({ capacity: null, party: 11 })).toBe('going');
  });
});

describe('the schedule’s own answers and heads', () => {
  const item = (id: string, over: Partial<ScheduleDoc> = {}): ScheduleDoc => ({
    id,
    eventId: 'e1',
    title: id,
    description: '',
    startTime: '2099-06-12T18:00:00.000Z',
    endTime: null,
    location: '',
    createdBy: 'u1',
    createdAt: null,
    rsvpCounts: { going: 2, maybe: 0, notGoing: 0 },
    ...over,
  });

  it('heads going are the stored heads, or one per reply on items from before parties', () => {
    expect(headsGoing({ going: 2, maybe: 0, notGoing: 0 })).toBe(2);
    expect(headsGoing({ going: 2, maybe: 0, notGoing: 0, goingHeads: 5 })).toBe(5);
  });

  it('the viewer’s party comes with a Going or waitlisted answer, the device’s own first', () => {
    const party = { size: 2, guests: [{ name: 'Sam', child: false }] };
    const [going, maybe, local] = tallySchedule(
      [item('s1'), item('s2'), item('s3')],
      { s1: 'going', s2: 'maybe', s3: 'waitlisted' },
      new Map([['s3', { status: 'waitlisted', guests: [], pending: true }]]),
      { s1: party, s2: party, s3: party },
    );
    expect(going).toMatchObject({ myStatus: 'going', myGuests: party.guests });
    expect(maybe).toMatchObject({ myStatus: 'maybe', myGuests: [] });
    expect(local).toMatchObject({ myStatus: 'waitlisted', myGuests: [], myStatusPending: true });
  });
});
