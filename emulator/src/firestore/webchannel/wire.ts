// WebChannel (closure-library BrowserChannel, protocol version 8) wire format as the Firestore
// web SDK uses it:
// - forward channel: POSTs of `application/x-www-form-urlencoded` maps, `count=N&ofs=K&
//   req0___data__=<JSON>&...` (sendRawJson), the handshake optionally prefixed with
//   `headers=<Name:value\r\n...>` (encodeInitMessageHeaders);
// - back channel: a GET whose body is a sequence of chunks `<length>\n<JSON array>`, each array
//   a list of `[arrayId, payload]` entries; payload `["c", sid, hostPrefix, version, ...]` is the
//   handshake, `["noop"]` keeps the connection alive, `[message]` carries a stream message.
// Lengths are in UTF-16 code units because the client slices JavaScript strings.

export function frame(json: string): string {
  return `${json.length}\n${json}`;
}

export interface ForwardMaps {
  /** Map id of each message (ofs + index), used to drop retransmitted maps. */
  maps: Array<{ mapId: number; data: string | null }>;
  /** Headers sent with the handshake (lower-cased names). */
  headers: Record<string, string>;
}

export function parseForwardBody(body: string): ForwardMaps {
  const params = new URLSearchParams(body);
  const count = Number(params.get('count') ?? '0');
  const ofs = Number(params.get('ofs') ?? '0');
  const maps: ForwardMaps['maps'] = [];
  for (let i = 0; i < count; i++) {
    maps.push({ mapId: ofs + i, data: params.get(`req${i}___data__`) });
  }
  return { maps, headers: parseHeaderBlock(params.get('headers') ?? '') };
}

/** `Name:value\r\n` lines (closure's HTTP headers overwrite format) to a lower-cased map. */
export function parseHeaderBlock(block: string): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const line of block.split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0)
      headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return headers;
}
