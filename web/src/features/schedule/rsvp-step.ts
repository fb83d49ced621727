// When answering Going takes one more step than the chip (docs/product.md, "Plus-ones, questions
// and waitlists"): a party to name, the host's questions on a first Going, or a capacity to
// show. Pure and free of yup, so the schedule decides it without loading the form.
import type { GuestAnswers, GuestQuestion } from '@gatherly/domain/rsvp-options';

export interface GoingContext {
  /** How many guests the member may bring. */
  allowance: number;
  /** The event's questions. */
  questions: readonly GuestQuestion[];
  /** The member's stored answers; null when none (never asked yet), undefined while loading. */
  storedAnswers: GuestAnswers | null | undefined;
  /** The item's capacity; null = no limit. */
  capacity: number | null;
}

/**
 * The questions a Going asks: all of them on the member's first Going (no answers stored, as
 * the RSVP function decides "first"), none after (edited from "Your answers").
 */
export function questionsToAsk(ctx: GoingContext): readonly GuestQuestion[] {
  return ctx.storedAnswers === null ? ctx.questions : [];
}

/** Going opens the RSVP step; otherwise it is one click like Maybe and Not Going. */
export function goingNeedsStep(ctx: GoingContext): boolean {
  return (
    ctx.allowance > 0 ||
    ctx.capacity !== null ||
    questionsToAsk(ctx).length > 0 ||
    // Answers still loading: the step waits for them rather than skip the questions.
    (ctx.storedAnswers === undefined && ctx.questions.length > 0)
  );
}

/**
 * The item a new member is asked about first: the next one still to start, else the first
 * (items come ordered by start). Null when the schedule is empty.
 */
export function mainItemId(
  items: readonly { id: string; startTime: string }[],
  now: number = Date.now(),
): string | null {
  const upcoming = items.find((item) => Date.parse(item.startTime) >= now);
  return (upcoming ?? items[0])?.id ?? null;
}
