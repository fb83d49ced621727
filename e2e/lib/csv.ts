// Reading back the guest list CSV a journey downloaded (RFC 4180; no field here holds a line
// break, so lines split on CRLF).
import { readFileSync } from 'node:fs';
import type { Download } from 'playwright-core';
import { check } from './expect.ts';

export function csvRows(text: string): string[][] {
  return text
    .split('\r\n')
    .filter(Boolean)
    .map((line) => [...line.matchAll(/("(?:[^"]|"")*"|[^,]*)(?:,|$)/g)].map((m) => m[1]!))
    .map((cells) => cells.slice(0, -1).map((c) => c.replace(/^"|"$/g, '').replace(/""/g, '"')));
}

/** The downloaded file's rows, after checking it starts with the UTF-8 BOM. */
export async function downloadedCsv(download: Download): Promise<string[][]> {
  const bytes = readFileSync(await download.path());
  check(bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf, 'the file starts with a BOM');
  return csvRows(bytes.toString('utf8').slice(1));
}
