// Errors carry a gRPC status code so every edge (gRPC, REST, WebChannel) reports the same failure
// the way the official emulator does.

export const Code = {
  OK: 0,
  CANCELLED: 1,
  UNKNOWN: 2,
  INVALID_ARGUMENT: 3,
  DEADLINE_EXCEEDED: 4,
  NOT_FOUND: 5,
  ALREADY_EXISTS: 6,
  PERMISSION_DENIED: 7,
  RESOURCE_EXHAUSTED: 8,
  FAILED_PRECONDITION: 9,
  ABORTED: 10,
  OUT_OF_RANGE: 11,
  UNIMPLEMENTED: 12,
  INTERNAL: 13,
  UNAVAILABLE: 14,
  UNAUTHENTICATED: 16,
} as const;

export type CodeNumber = (typeof Code)[keyof typeof Code];

const codeNames: Record<number, string> = Object.fromEntries(
  Object.entries(Code).map(([name, value]) => [value, name]),
);

export function codeName(code: number): string {
  return codeNames[code] ?? 'UNKNOWN';
}

/** HTTP status used by the REST edge for each gRPC code (google.rpc.Code mapping). */
export function httpStatusFor(code: number): number {
  switch (code) {
    case Code.OK:
      return 200;
    case Code.INVALID_ARGUMENT:
    case Code.FAILED_PRECONDITION:
    case Code.OUT_OF_RANGE:
      return 400;
    case Code.UNAUTHENTICATED:
      return 401;
    case Code.PERMISSION_DENIED:
      return 403;
    case Code.NOT_FOUND:
      return 404;
    case Code.ALREADY_EXISTS:
    case Code.ABORTED:
      return 409;
    case Code.RESOURCE_EXHAUSTED:
      return 429;
    case Code.CANCELLED:
      return 499;
    case Code.UNIMPLEMENTED:
      return 501;
    case Code.UNAVAILABLE:
      return 503;
    case Code.DEADLINE_EXCEEDED:
      return 504;
    default:
      return 500;
  }
}

export class FirestoreError extends Error {
  constructor(
    readonly code: CodeNumber,
    message: string,
  ) {
    super(message);
    this.name = 'FirestoreError';
  }
}

export function invalid(message: string): FirestoreError {
  return new FirestoreError(Code.INVALID_ARGUMENT, message);
}

/** Loud limit: the feature exists in Firestore but not in this emulator. */
export function unimplemented(feature: string): FirestoreError {
  return new FirestoreError(
    Code.UNIMPLEMENTED,
    `${feature} is not supported by the Gatherly offline Firestore emulator`,
  );
}

export function toFirestoreError(err: unknown): FirestoreError {
  if (err instanceof FirestoreError) return err;
  const message = err instanceof Error ? err.message : String(err);
  return new FirestoreError(Code.INTERNAL, `Internal emulator error: ${message}`);
}
