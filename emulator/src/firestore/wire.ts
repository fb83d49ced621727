// Proto3 JSON shapes of the google.firestore.v1 messages this emulator reads and writes. This is
// the REST / WebChannel wire form; the gRPC edge converts its decoded messages into it. Fields
// are optional because proto3 omits defaults. Timestamps are RFC 3339 strings (the legacy
// {seconds, nanos} object form is accepted on input too), int64 values strings, bytes base64.

export type JsonTimestamp = string | { seconds?: string | number; nanos?: number };

export interface JsonValue {
  nullValue?: null | 'NULL_VALUE';
  booleanValue?: boolean;
  integerValue?: string | number;
  doubleValue?: number | string;
  timestampValue?: JsonTimestamp;
  stringValue?: string;
  bytesValue?: string;
  referenceValue?: string;
  geoPointValue?: { latitude?: number; longitude?: number };
  arrayValue?: { values?: JsonValue[] };
  mapValue?: { fields?: Record<string, JsonValue> };
}

export interface JsonDocument {
  name?: string;
  fields?: Record<string, JsonValue>;
  createTime?: JsonTimestamp;
  updateTime?: JsonTimestamp;
}

export interface JsonPrecondition {
  exists?: boolean;
  updateTime?: JsonTimestamp;
}

export interface JsonFieldTransform {
  fieldPath?: string;
  setToServerValue?: string;
  increment?: JsonValue;
  maximum?: JsonValue;
  minimum?: JsonValue;
  appendMissingElements?: { values?: JsonValue[] };
  removeAllFromArray?: { values?: JsonValue[] };
}

export interface JsonWrite {
  update?: JsonDocument;
  delete?: string;
  verify?: string;
  transform?: { document?: string; fieldTransforms?: JsonFieldTransform[] };
  updateMask?: { fieldPaths?: string[] };
  updateTransforms?: JsonFieldTransform[];
  currentDocument?: JsonPrecondition;
}

export interface JsonWriteResult {
  updateTime?: string;
  transformResults?: JsonValue[];
}

export interface JsonFieldReference {
  fieldPath?: string;
}

export interface JsonFilter {
  compositeFilter?: { op?: string; filters?: JsonFilter[] };
  fieldFilter?: { field?: JsonFieldReference; op?: string; value?: JsonValue };
  unaryFilter?: { op?: string; field?: JsonFieldReference };
}

export interface JsonCursor {
  values?: JsonValue[];
  before?: boolean;
}

/** Int32Value is a bare number in proto3 JSON; the web SDK's non-proto3 mode sends {value}. */
export type JsonInt32 = number | string | { value?: number | string };

export interface JsonStructuredQuery {
  select?: { fields?: JsonFieldReference[] };
  from?: { collectionId?: string; allDescendants?: boolean }[];
  where?: JsonFilter;
  orderBy?: { field?: JsonFieldReference; direction?: string }[];
  startAt?: JsonCursor;
  endAt?: JsonCursor;
  offset?: number;
  limit?: JsonInt32;
  findNearest?: unknown;
}

export interface JsonAggregation {
  alias?: string;
  count?: { upTo?: JsonInt32 };
  sum?: { field?: JsonFieldReference };
  avg?: { field?: JsonFieldReference };
}

export interface JsonStructuredAggregationQuery {
  structuredQuery?: JsonStructuredQuery;
  aggregations?: JsonAggregation[];
}

export interface JsonTransactionOptions {
  readOnly?: { readTime?: JsonTimestamp };
  readWrite?: { retryTransaction?: string };
}

/** Read consistency selector shared by BatchGet / RunQuery / RunAggregationQuery / Listen. */
export interface JsonConsistency {
  transaction?: string;
  newTransaction?: JsonTransactionOptions;
  readTime?: JsonTimestamp;
}

export interface JsonStatus {
  code?: number;
  message?: string;
  details?: unknown[];
}

export interface JsonTarget {
  query?: { parent?: string; structuredQuery?: JsonStructuredQuery };
  documents?: { documents?: string[] };
  resumeToken?: string;
  readTime?: JsonTimestamp;
  targetId?: number;
  once?: boolean;
  expectedCount?: JsonInt32;
}

export interface ListenRequest {
  database?: string;
  addTarget?: JsonTarget;
  removeTarget?: number;
  labels?: Record<string, string>;
}

export interface ListenResponse {
  targetChange?: {
    targetChangeType?: 'NO_CHANGE' | 'ADD' | 'REMOVE' | 'CURRENT' | 'RESET';
    targetIds?: number[];
    cause?: JsonStatus;
    resumeToken?: string;
    readTime?: string;
  };
  documentChange?: { document: JsonDocument; targetIds?: number[]; removedTargetIds?: number[] };
  documentDelete?: { document: string; removedTargetIds?: number[]; readTime?: string };
  documentRemove?: { document: string; removedTargetIds?: number[]; readTime?: string };
  filter?: { targetId?: number; count?: number };
}

export interface WriteRequest {
  database?: string;
  streamId?: string;
  writes?: JsonWrite[];
  streamToken?: string;
  labels?: Record<string, string>;
}

export interface WriteResponse {
  streamId?: string;
  streamToken?: string;
  writeResults?: JsonWriteResult[];
  commitTime?: string;
}
