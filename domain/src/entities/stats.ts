// events/{e}/stats: counters kept by functions in the transaction of each counted write
// (docs/performance.md, "Counters"); members read them. A missing document means "not counted
// yet", never 0.

/** events/{e}/stats/members */
export interface EventStatsMembers {
  total: number;
  creator: number;
  admin: number;
  attendee: number;
}

/**
 * The event's photo counts (domain/src/photo-counter.ts): the sum of `stats/photos` (the base)
 * and its shards `stats/photos-{k}`, each holding these two fields.
 */
export interface EventStatsPhotos {
  total: number;
  featured: number;
}

/** events/{e}/stats/photos: the base of the photo count, and the cap its shards were cut for. */
export interface EventStatsPhotosBase extends EventStatsPhotos {
  /** The photo cap (-1 = none) the shards' shares were cut for; absent = never cut. */
  shardLimit?: number;
}

/** events/{e}/stats/travel */
export interface EventStatsTravel {
  flights: number;
  carpools: number;
}

/** The documents of events/{e}/stats by id. */
export interface EventStats {
  members: EventStatsMembers;
  photos: EventStatsPhotos;
  travel: EventStatsTravel;
}

export type EventStatsId = keyof EventStats;

export const EVENT_STATS_IDS: readonly EventStatsId[] = ['members', 'photos', 'travel'];
