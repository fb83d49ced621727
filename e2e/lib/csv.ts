// Reading back the guest list CSV a journey downloaded (RFC 4180; no field here holds a line
// break, so lines split on CRLF).
import { readFileSync } from 'node:fs';
import type { Download } from 'playwright-core';
import { check } from './expect.ts';

export function csvRows(text: string): string[][] {
  return text.split('\r\n').filter(Boolean).map(csvLineCells);
}

/** One line's cells: a quoted cell runs to its closing quote ("" inside is one quote). */
function csvLineCells(line: string): string[] {
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < line.length; i += 1) {
    const c = line[i]!;
    if (quoted) {
      if (c === '"' && line[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      cells.push(cell);
      cell = '';
    } else cell += c;
  }
  cells.push(cell);
  return cells;
}

/** The downloaded file's rows, after checking it starts with the UTF-8 BOM. */
export async function downloadedCsv(download: Download): Promise<string[][]> {
  const bytes = readFileSync(await download.path());
  check(bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf, 'the file starts with a BOM');
  return csvRows(bytes.toString('utf8').slice(1));
}
