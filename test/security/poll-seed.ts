/**
 * The date poll documents the security suite seeds (fixtures.ts) and its cases aim at
 * (poll-cases.ts): a poll in each event with ballots and a tally shard. Ids come in as
 * arguments, so this module needs nothing from fixtures.ts (which imports it).
 */
import firebase from 'firebase/compat/app';
import 'firebase/compat/firestore';

type DocumentData = firebase.firestore.DocumentData;

export const POLL = 'event';
export const OPTION_A = 'opta1111';
export const OPTION_B = 'optb2222';
const at = () => firebase.firestore.Timestamp.fromDate(new Date('2026-11-01T10:00:00.000Z'));

export function poll(eventId: string, createdBy = 'u-creator'): DocumentData {
  return {
    eventId,
    target: { kind: 'event' },
    title: 'Which weekend?',
    options: [
      { id: OPTION_A, start: '2027-06-05T07:00:00.000Z', end: null, allDay: true },
      { id: OPTION_B, start: '2027-06-12T07:00:00.000Z', end: null, allDay: true },
    ],
    deadline: null,
    status: 'open',
    chosenOptionId: null,
    createdBy,
    createdAt: at(),
    closedAt: null,
    reminderDueAt: null,
    announcedCount: null,
  };
}

export function ballot(eventId: string, uid: string): DocumentData {
  return {
    eventId,
    pollId: POLL,
    userId: uid,
    user: { displayName: `Name ${uid}`, photoURL: '' },
    answers: { [OPTION_A]: 'yes', [OPTION_B]: 'no' },
    updatedAt: at(),
  };
}

/** The main event's poll with its members' ballots; the other event's with one. */
export function* pollDocuments(seed: {
  event: string;
  members: readonly string[];
  otherEvent: string;
  otherMember: string;
}): Generator<[string, DocumentData]> {
  const main = `events/${seed.event}/polls/${POLL}`;
  yield [main, poll(seed.event)];
  for (const uid of seed.members) yield [`${main}/ballots/${uid}`, ballot(seed.event, uid)];
  yield [
    `${main}/tallies/0`,
    {
      counts: { [OPTION_A]: { yes: seed.members.length }, [OPTION_B]: { no: seed.members.length } },
      voters: seed.members.length,
    },
  ];
  const other = `events/${seed.otherEvent}/polls/${POLL}`;
  yield [other, poll(seed.otherEvent)];
  yield [`${other}/ballots/${seed.otherMember}`, ballot(seed.otherEvent, seed.otherMember)];
  yield [`${other}/tallies/0`, { counts: { [OPTION_A]: { yes: 1 } }, voters: 1 }];
}
