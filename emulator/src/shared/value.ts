// The emulator's one in-memory representation of Firestore values and documents, shared by the
// document store, the protocol edges (gRPC, REST, WebChannel) and the rules engine. Each edge
// converts its wire form to and from this shape; nothing else is passed between the parts.

export interface Timestamp {
  seconds: number;
  nanos: number;
}

export type FsValue =
  | { nullValue: null }
  | { booleanValue: boolean }
  | { integerValue: bigint }
  | { doubleValue: number }
  | { timestampValue: Timestamp }
  | { stringValue: string }
  | { bytesValue: Uint8Array }
  /** Full resource name: projects/{p}/databases/{d}/documents/{path} */
  | { referenceValue: string }
  | { geoPointValue: { latitude: number; longitude: number } }
  | { arrayValue: { values: FsValue[] } }
  | { mapValue: { fields: Record<string, FsValue> } };

export type FsFields = Record<string, FsValue>;

export interface FsDocument {
  /** Path relative to the database root, e.g. "events/e1/members/u1". */
  path: string;
  fields: FsFields;
  createTime: Timestamp;
  updateTime: Timestamp;
}

/**
 * Read access to documents as the rules engine needs it for get()/exists()/getAfter()/
 * existsAfter(): synchronous because the store is in memory and rules evaluate in one tick.
 * Paths are relative to the database root ("users/u1").
 */
export interface DocumentSource {
  get(path: string): FsDocument | null;
}
