/** One part of a multipart/related upload body (metadata JSON, then the media). */
export interface BodyPart {
  headers: Record<string, string>;
  body: Buffer;
}

export function boundaryOf(contentType: string | undefined): string | null {
  const match = /boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType ?? '');
  return match ? (match[1] ?? match[2] ?? null) : null;
}

/** Splits a multipart body on its boundary; binary-safe (works on the raw bytes). */
export function parseMultipart(body: Buffer, boundary: string): BodyPart[] {
  const delimiter = Buffer.from(`--${boundary}`);
  const parts: BodyPart[] = [];
  let pos = body.indexOf(delimiter);
  while (pos >= 0) {
    let start = pos + delimiter.length;
    if (body.subarray(start, start + 2).toString() === '--') break;
    if (body.subarray(start, start + 2).toString() === '\r\n') start += 2;
    const next = body.indexOf(delimiter, start);
    if (next < 0) break;
    // The part ends with CRLF before the next delimiter.
    let end = next;
    if (body.subarray(end - 2, end).toString() === '\r\n') end -= 2;
    const part = body.subarray(start, end);
    const split = part.indexOf('\r\n\r\n');
    const headerText = split >= 0 ? part.subarray(0, split).toString('utf8') : '';
    const headers: Record<string, string> = {};
    for (const line of headerText.split('\r\n')) {
      const colon = line.indexOf(':');
      if (colon > 0)
        headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
    }
    parts.push({ headers, body: split >= 0 ? part.subarray(split + 4) : Buffer.alloc(0) });
    pos = next;
  }
  return parts;
}
