// The host's questions, members' own answers and plus-one allowances (docs/api.md,
// "Plus-ones, questions and answers").
import { API } from '@gatherly/domain/api/endpoints';
import { db } from '../firebase.ts';
import { route, type Route } from '../router.ts';
import { setMemberPlusOnes, setOwnAnswers, setQuestions } from '../services/guest-questions.ts';

export const rsvpOptionRoutes: Route[] = [
  route(API.setQuestions, async ({ caller, params, body }) => {
    const questions = await db().runTransaction((tx) =>
      setQuestions(tx, caller, params.eventId, body.questions),
    );
    return { body: { questions } };
  }),
  route(API.setAnswers, async ({ caller, params, body }) => {
    const answers = await db().runTransaction((tx) =>
      setOwnAnswers(tx, caller, params.eventId, body.answers),
    );
    return { body: { answers } };
  }),
  route(API.setMemberPlusOnes, async ({ caller, params, body }) => {
    const plusOnesAllowed = await db().runTransaction((tx) =>
      setMemberPlusOnes(tx, caller, params.eventId, params.userId, body.plusOnesAllowed ?? null),
    );
    return { body: { plusOnesAllowed } };
  }),
];
