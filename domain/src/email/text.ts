/** Plain-text helpers shared by the e-mail templates. */

/** Collapses line breaks and runs of spaces: subjects and headers are one line. */
export function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** At most `max` characters, ending in "…" when cut (on a code point boundary). */
export function clip(text: string, max: number): string {
  const chars = Array.from(text);
  return chars.length <= max
    ? text
    : `${chars
        .slice(0, max - 1)
        .join('')
        .trimEnd()}…`;
}

/** A subject line: one line, at most 120 characters. */
export function subjectLine(text: string): string {
  return clip(oneLine(text), 120);
}

/** A person's name for a sentence, never empty. */
export function nameOr(name: string | null | undefined, fallback: string): string {
  const n = oneLine(name ?? '');
  return n === '' ? fallback : n;
}

/** "Label: value" lines, skipping empty values. */
export function textRows(rows: ReadonlyArray<readonly [string, string]>): string {
  return rows
    .filter(([, v]) => v.trim() !== '')
    .map(([k, v]) => `${k}: ${v}`)
    .join('\n');
}
