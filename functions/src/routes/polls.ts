import { API } from '@gatherly/domain/api/endpoints';
import { ballotAnswers } from '@gatherly/domain/polls';
import { error as logError } from 'firebase-functions/logger';
import type { Located } from '../access.ts';
import { db } from '../firebase.ts';
import { linkContext } from '../mail/params.ts';
import { route, type Route } from '../router.ts';
import { apiShape } from '../serialize.ts';
import { announcePickedDate } from '../services/polls-mail.ts';
import { castBallot, createPoll, deletePoll, pickOption, updatePoll } from '../services/polls.ts';

const pollOf = (params: { eventId: string; pollId: string }): Located => ({
  eventId: params.eventId,
  id: params.pollId,
});

export const pollRoutes: Route[] = [
  route(API.createPoll, async ({ caller, params, body }) => {
    const poll = await db().runTransaction((tx) => createPoll(tx, caller, params.eventId, body));
    return { status: 201, body: { poll: apiShape(poll) } };
  }),
  route(API.updatePoll, async ({ caller, params, body }) => {
    const poll = await db().runTransaction((tx) => updatePoll(tx, caller, pollOf(params), body));
    return { body: { poll: apiShape(poll) } };
  }),
  route(API.answerPoll, async ({ caller, params, body }) => {
    const answers = ballotAnswers(body.answers);
    const ballot = await db().runTransaction((tx) =>
      castBallot(tx, caller, pollOf(params), answers),
    );
    return { body: { ballot: apiShape(ballot) } };
  }),
  route(API.pickPollOption, async ({ caller, params, body }) => {
    const poll = await db().runTransaction((tx) =>
      pickOption(tx, caller, pollOf(params), body.optionId),
    );
    let announced: number | null = null;
    try {
      announced = await announcePickedDate(params.eventId, params.pollId, linkContext());
    } catch (err) {
      // The dates are set and the poll closed; the scheduler finishes the e-mails.
      logError('Picked-date fan-out interrupted; the scheduler will finish it', err);
    }
    return { body: { poll: apiShape({ ...poll, announcedCount: announced }), announced } };
  }),
  route(API.deletePoll, async ({ caller, params }) => {
    await deletePoll(caller, pollOf(params));
    return { body: { deleted: true, id: params.pollId } };
  }),
];
