import type { IncomingMessage, ServerResponse } from 'node:http';
import { corsHeaders, header } from './http.ts';
import { etag } from './resources.ts';
import type { StoredObject } from './store.ts';

/** Sends an object's bytes with the headers both SDKs read (hashes for validation, Range). */
export function sendMedia(req: IncomingMessage, res: ServerResponse, object: StoredObject): void {
  const total = object.data.length;
  const headers: Record<string, string> = {
    ...corsHeaders(req),
    'content-type': object.contentType,
    'x-goog-hash': `crc32c=${object.crc32c},md5=${object.md5Hash}`,
    'x-goog-stored-content-encoding': object.contentEncoding ?? 'identity',
    'x-goog-generation': object.generation,
    'x-goog-metageneration': String(object.metageneration),
    etag: etag(object),
    'last-modified': object.updated.toUTCString(),
    'accept-ranges': 'bytes',
    'cache-control': object.cacheControl ?? 'private, max-age=0',
  };
  if (object.contentDisposition) headers['content-disposition'] = object.contentDisposition;
  const range = /^bytes=(\d*)-(\d*)$/.exec(header(req, 'range') ?? '');
  if (range && total > 0) {
    let start: number;
    let end: number;
    if (range[1] === '') {
      start = Math.max(0, total - Number(range[2] ?? '0'));
      end = total - 1;
    } else {
      start = Number(range[1]);
      end = range[2] ? Math.min(Number(range[2]), total - 1) : total - 1;
    }
    if (start >= total || start > end) {
      res.writeHead(416, {
        ...headers,
        'content-range': `bytes */${total}`,
        'content-length': '0',
      });
      res.end();
      return;
    }
    res.writeHead(206, {
      ...headers,
      'content-range': `bytes ${start}-${end}/${total}`,
      'content-length': String(end - start + 1),
    });
    res.end(object.data.subarray(start, end + 1));
    return;
  }
  res.writeHead(200, { ...headers, 'content-length': String(total) });
  res.end(req.method === 'HEAD' ? undefined : object.data);
}
