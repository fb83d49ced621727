/**
 * The date poll documents the security suite seeds (fixtures.ts) and its cases aim at
 * (poll-cases.ts): a poll in each event with ballots and a tally shard. Ids come in as
 * arguments, so this module needs nothing from fixtures.ts (which imports it).
 */
import firebase from 'firebase/compat/app';
import 'firebase/compat/firestore';

type DocumentData = firebase.firestore.DocumentData;

export const POLL = 'event';
/** An item limited to one group, and its poll with that limit's copy (poll-group-cases.ts). */
export const POLLED_ITEM = 'item-polled';
export const LIMITED_POLL = `item-${POLLED_ITEM}`;
export const OPTION_A = 'opta1111';
export const OPTION_B = 'optb2222';
const at = () => firebase.firestore.Timestamp.fromDate(new Date('2026-11-01T10:00:00.000Z'));

export function poll(eventId: string, createdBy = 'u-creator'): DocumentData {
  return {
    eventId,
    target: { kind: 'event' },
    title: 'Which weekend?',
    audience: 'everyone',
    groupAccess: {},
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

export function ballot(eventId: string, uid: string, pollId: string = POLL): DocumentData {
  return {
    eventId,
    pollId,
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
  /** The group POLLED_ITEM is limited to. */
  group: string;
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
  const limit = { audience: 'groups', groupAccess: { [seed.group]: true } };
  yield [
    `events/${seed.event}/schedule/${POLLED_ITEM}`,
    {
      id: POLLED_ITEM,
      eventId: seed.event,
      title: 'Rehearsal dinner',
      description: '',
      startTime: '2027-06-11T02:00:00.000Z',
      endTime: null,
      location: '',
      createdBy: 'u-creator',
      createdAt: at(),
      ...limit,
    },
  ];
  const limited = `events/${seed.event}/polls/${LIMITED_POLL}`;
  yield [
    limited,
    {
      ...poll(seed.event),
      target: { kind: 'schedule', scheduleId: POLLED_ITEM },
      ...limit,
    },
  ];
  for (const uid of seed.members) {
    yield [`${limited}/ballots/${uid}`, ballot(seed.event, uid, LIMITED_POLL)];
  }
  yield [`${limited}/tallies/0`, { counts: { [OPTION_A]: { yes: 1 } }, voters: 1 }];
  const other = `events/${seed.otherEvent}/polls/${POLL}`;
  yield [other, poll(seed.otherEvent)];
  yield [`${other}/ballots/${seed.otherMember}`, ballot(seed.otherEvent, seed.otherMember)];
  yield [`${other}/tallies/0`, { counts: { [OPTION_A]: { yes: 1 } }, voters: 1 }];
}
