import { describe, expect, it } from 'vitest';
import { RSVP_OPTION_MESSAGES } from '@gatherly/domain/rsvp-options';
import { guestQuestionsSchema } from '@gatherly/domain/schemas';
import {
  assignIds,
  checkDrafts,
  draftsFrom,
  move,
  newDraft,
  slugOf,
  toQuestions,
  withKind,
} from '../../src/features/settings/question-drafts.ts';

describe('question ids', () => {
  it('derives lower-case letters, digits and dashes from the label, at most 40', () => {
    expect(slugOf('Dietary needs')).toBe('dietary-needs');
    expect(slugOf('  Régime alimentaire ?! ')).toBe('regime-alimentaire');
    expect(slugOf('Song #1 -- for the DJ')).toBe('song-1-for-the-dj');
    expect(slugOf('食事')).toBe('question');
    expect(slugOf('')).toBe('question');
    const long = slugOf('a'.repeat(39) + ' b');
    expect(long).toBe('a'.repeat(39));
    expect(long.length).toBeLessThanOrEqual(40);
  });

  it('keeps stored ids and makes new ones unique, within 40 characters', () => {
    const stored = draftsFrom([
      { id: 'meal', label: 'Meal', kind: 'text', options: [], required: false },
    ]);
    const drafts = [
      { ...stored[0]!, label: 'Main course' },
      { ...newDraft(), label: 'Meal' },
      { ...newDraft(), label: 'Meal' },
      { ...newDraft(), label: 'x'.repeat(50) },
      { ...newDraft(), label: 'x'.repeat(50) },
    ];
    const ids = assignIds(drafts, ['meal', 'gone']);
    expect(ids).toEqual(['meal', 'meal-2', 'meal-3', 'x'.repeat(40), 'x'.repeat(38) + '-2']);
    // A removed question's id is never given to a new one with the same label.
    expect(assignIds([{ ...newDraft(), label: 'Gone' }], ['gone'])).toEqual(['gone-2']);
    const questions = toQuestions(drafts, ['meal']);
    expect(() => guestQuestionsSchema.validateSync({ questions })).not.toThrow();
  });
});

describe('question drafts', () => {
  it('a choice kind starts with two empty options; blank rows are not sent; text sends none', () => {
    const choice = withKind(newDraft(), 'single');
    expect(choice.options).toEqual(['', '']);
    const filled = { ...choice, label: 'Meal', options: ['Fish', ' ', 'Pasta', ''] };
    expect(toQuestions([filled], [])[0]!.options).toEqual(['Fish', 'Pasta']);
    // Back to text and to a choice again: the options typed are kept.
    const text = withKind(filled, 'text');
    expect(toQuestions([text], [])[0]!.options).toEqual([]);
    expect(withKind(text, 'multi').options).toEqual(filled.options);
  });

  it("places the domain's messages on the rows that caused them", () => {
    const draft = {
      ...withKind(newDraft(), 'multi'),
      label: 'x'.repeat(121),
      options: ['', 'Same', 'same', 'y'.repeat(61)],
    };
    const errors = checkDrafts([draft], []);
    expect(errors.byQuestion[0]?.label).toBe(RSVP_OPTION_MESSAGES.questionLabelTooLong);
    expect(errors.byQuestion[0]?.options).toBe(RSVP_OPTION_MESSAGES.questionOptions);
    // Row 3 of the draft (the blank row 0 is not sent).
    expect(errors.byQuestion[0]?.option).toEqual({ 3: RSVP_OPTION_MESSAGES.questionOptionTooLong });
    expect(checkDrafts([{ ...draft, label: 'Ok', options: ['A', 'B'] }], [])).toEqual({
      list: null,
      byQuestion: {},
    });
    const eleven = Array.from({ length: 11 }, (_, i) => ({ ...newDraft(), label: `Q${i}` }));
    expect(checkDrafts(eleven, []).list).toBe(RSVP_OPTION_MESSAGES.tooManyQuestions);
  });

  it('moves within bounds', () => {
    expect(move(['a', 'b', 'c'], 2, 0)).toEqual(['c', 'a', 'b']);
    expect(move(['a', 'b'], 0, -1)).toEqual(['a', 'b']);
    expect(move(['a', 'b'], 1, 2)).toEqual(['a', 'b']);
  });
});
