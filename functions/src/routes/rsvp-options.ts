// The host's questions, members' own answers and plus-one allowances (docs/api.md,
// "Plus-ones, questions and waitlists").
import type {
  GuestAnswersRequest,
  GuestQuestionsRequest,
  MemberPlusOnesRequest,
} from '@gatherly/domain/rsvp-options';
import {
  guestAnswersRequestSchema,
  guestQuestionsSchema,
  memberPlusOnesSchema,
} from '@gatherly/domain/schemas';
import { db } from '../firebase.ts';
import { route, type Route } from '../router.ts';
import { setMemberPlusOnes, setOwnAnswers, setQuestions } from '../services/guest-questions.ts';
import { validateBody } from '../validate.ts';

export const rsvpOptionRoutes: Route[] = [
  route({
    method: 'PUT',
    pattern: '/events/:eventId/questions',
    access: 'app',
    async handle({ caller, params, body }) {
      const { questions } = validateBody(guestQuestionsSchema, body);
      const stored = await db().runTransaction((tx) =>
        setQuestions(tx, caller, params.eventId, questions),
      );
      const response: GuestQuestionsRequest = { questions: stored };
      return { body: response };
    },
  }),
  route({
    method: 'PUT',
    pattern: '/events/:eventId/answers',
    access: 'app',
    async handle({ caller, params, body }) {
      const { answers } = validateBody(guestAnswersRequestSchema, body);
      const clean = await db().runTransaction((tx) =>
        setOwnAnswers(tx, caller, params.eventId, answers),
      );
      const response: GuestAnswersRequest = { answers: clean };
      return { body: response };
    },
  }),
  route({
    method: 'PUT',
    pattern: '/events/:eventId/members/:userId/plus-ones',
    access: 'app',
    async handle({ caller, params, body }) {
      const { plusOnesAllowed } = validateBody(memberPlusOnesSchema, body);
      const stored = await db().runTransaction((tx) =>
        setMemberPlusOnes(tx, caller, params.eventId, params.userId, plusOnesAllowed ?? null),
      );
      const response: MemberPlusOnesRequest = { plusOnesAllowed: stored };
      return { body: response };
    },
  }),
];
