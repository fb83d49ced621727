/**
 * Typed data access for e-mail: the documents the delivery function, the scheduler and
 * announcements read and write (docs/data-model.md, "E-mail"), through converters built from the
 * domain types. Collection names of this feature live only here.
 */
import type {
  CollectionGroup,
  CollectionReference,
  DocumentData,
  DocumentReference,
  DocumentSnapshot,
  Firestore,
  FirestoreDataConverter,
  PartialWithFieldValue,
  QueryDocumentSnapshot,
  Timestamp,
  WithFieldValue,
} from 'firebase-admin/firestore';
import type {
  Announcement,
  EmailPreferences,
  Event,
  MailDocument,
  Member,
  ReminderSettings,
  Rsvp,
  ScheduleItem,
} from '@gatherly/domain/entities';

export type MailRecord = MailDocument<Timestamp> & { id: string };
export type AnnouncementRecord = Announcement<Timestamp>;
/**
 * What the e-mail features read of an event. `timeZone` is the event's IANA zone where the event
 * has one (older events: absent, shown in UTC); `deleting` is set while an event is being deleted.
 */
export type MailEventRecord = Pick<
  Event<Timestamp>,
  'id' | 'name' | 'location' | 'startDate' | 'endDate' | 'createdBy'
> & {
  timeZone?: string | null;
  reminderSettings?: ReminderSettings;
  deleting?: boolean;
};
export type MailMemberRecord = Pick<Member<Timestamp>, 'id' | 'userId' | 'role' | 'user'>;
export type MailScheduleItemRecord = Pick<
  ScheduleItem<Timestamp>,
  'id' | 'eventId' | 'title' | 'description' | 'startTime' | 'endTime' | 'location'
>;
export type MailRsvpRecord = Pick<Rsvp<Timestamp>, 'userId' | 'status'> & { id: string };
export interface UserEmailRecord {
  id: string;
  email: string;
  displayName: string;
  emailPreferences?: EmailPreferences;
}
/** events/{e}/reminderRuns/{runId}: one finished unit of reminder work (domain reminderRunId). */
export interface ReminderRunRecord {
  id: string;
  kind: 'unanswered' | 'day-of';
  /** The item id or the day ("2027-06-12"). */
  key: string;
  mailCount: number;
  completedAt: Timestamp;
}

type Stored<T> = Omit<T, 'id'>;

/**
 * A converter for documents holding the listed fields of T; the document id becomes `id`.
 * Reading keeps only those fields, writing stores only those fields. The data-model contract
 * (rules and functions are the only writers) makes the result a T: the one place where untyped
 * document data becomes a record.
 */
function converter<T extends { id: string }>(
  fields: readonly Exclude<keyof T, 'id'>[],
): FirestoreDataConverter<T, Stored<T>> {
  const pick = (source: Record<string, unknown>): Record<string, unknown> => {
    const out: Record<string, unknown> = {};
    for (const name of fields) {
      const key = String(name);
      if (Object.hasOwn(source, key)) out[key] = source[key];
    }
    return out;
  };
  function toFirestore(model: WithFieldValue<T>): WithFieldValue<Stored<T>>;
  function toFirestore(model: PartialWithFieldValue<T>): PartialWithFieldValue<Stored<T>>;
  function toFirestore(model: PartialWithFieldValue<T>): DocumentData {
    return pick({ ...model });
  }
  return {
    toFirestore,
    fromFirestore(snapshot: QueryDocumentSnapshot): T {
      return { ...pick(snapshot.data()), id: snapshot.id } as unknown as T;
    },
  };
}

const converters = {
  mail: converter<MailRecord>(['to', 'message', 'delivery']),
  event: converter<MailEventRecord>([
    'name',
    'location',
    'startDate',
    'endDate',
    'createdBy',
    'timeZone',
    'reminderSettings',
    'deleting',
  ]),
  member: converter<MailMemberRecord>(['userId', 'role', 'user']),
  scheduleItem: converter<MailScheduleItemRecord>([
    'eventId',
    'title',
    'description',
    'startTime',
    'endTime',
    'location',
  ]),
  rsvp: converter<MailRsvpRecord>(['userId', 'status']),
  user: converter<UserEmailRecord>(['email', 'displayName', 'emailPreferences']),
  announcement: converter<AnnouncementRecord>([
    'eventId',
    'authorId',
    'author',
    'message',
    'audience',
    'audienceLabel',
    'recipientCount',
    'createdAt',
  ]),
  reminderRun: converter<ReminderRunRecord>(['kind', 'key', 'mailCount', 'completedAt']),
};

type Ref<T extends { id: string }> = DocumentReference<T, Stored<T>>;
type Col<T extends { id: string }> = CollectionReference<T, Stored<T>>;
type Group<T extends { id: string }> = CollectionGroup<T, Stored<T>>;

/** Typed references for the e-mail features over one Firestore instance. */
export function mailData(firestore: Firestore) {
  const mail = firestore.collection('mail').withConverter(converters.mail);
  const users = firestore.collection('users').withConverter(converters.user);
  const events = firestore.collection('events').withConverter(converters.event);
  const under = (eventId: string, name: string) => events.doc(eventId).collection(name);
  const schedule = (eventId: string): Col<MailScheduleItemRecord> =>
    under(eventId, 'schedule').withConverter(converters.scheduleItem);
  return {
    firestore,
    mail,
    mailDoc: (id: string): Ref<MailRecord> => mail.doc(id),
    user: (uid: string): Ref<UserEmailRecord> => users.doc(uid),
    event: (eventId: string): Ref<MailEventRecord> => events.doc(eventId),
    members: (eventId: string): Col<MailMemberRecord> =>
      under(eventId, 'members').withConverter(converters.member),
    schedule,
    rsvps: (eventId: string, itemId: string): Col<MailRsvpRecord> =>
      schedule(eventId).doc(itemId).collection('rsvps').withConverter(converters.rsvp),
    announcements: (eventId: string): Col<AnnouncementRecord> =>
      under(eventId, 'announcements').withConverter(converters.announcement),
    reminderRuns: (eventId: string): Col<ReminderRunRecord> =>
      under(eventId, 'reminderRuns').withConverter(converters.reminderRun),
    groups: {
      /** Upcoming items across events, by startTime (index: firestore.indexes.json). */
      schedule: (): Group<MailScheduleItemRecord> =>
        firestore.collectionGroup('schedule').withConverter(converters.scheduleItem),
      /** Announcements whose fan-out has not finished (recipientCount null). */
      announcements: (): Group<AnnouncementRecord> =>
        firestore.collectionGroup('announcements').withConverter(converters.announcement),
    },
  };
}

export type MailData = ReturnType<typeof mailData>;

/**
 * Many documents in one round trip. Firestore.getAll applies each reference's converter, but its
 * declared type drops them (Transaction.getAll keeps them); this restores the type.
 */
export async function getAllOf<T extends { id: string }>(
  firestore: Firestore,
  refs: readonly Ref<T>[],
): Promise<DocumentSnapshot<T, Stored<T>>[]> {
  if (refs.length === 0) return [];
  const untyped = refs as readonly DocumentReference[] as DocumentReference[];
  return (await firestore.getAll(...untyped)) as DocumentSnapshot<T, Stored<T>>[];
}
