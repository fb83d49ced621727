// Reading docs/*.md the way the doc checks need: files, headings and table rows.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

export const ROOT = new URL('../../', import.meta.url);

export const readRepoFile = (path: string): string => readFileSync(new URL(path, ROOT), 'utf8');

/** Every file git tracks (the committed and staged tree, without node_modules or build output). */
export function trackedFiles(): string[] {
  return execFileSync('git', ['ls-files'], { cwd: ROOT, encoding: 'utf8' })
    .split('\n')
    .filter(Boolean);
}

/** The lines of one `## Heading` section (up to the next heading of that level or above). */
export function section(doc: string, heading: string): string {
  const match = new RegExp(
    `^(#+) ${heading.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*$`,
    'm',
  ).exec(doc);
  if (!match) throw new Error(`no "${heading}" heading`);
  const level = match[1]!.length;
  const rest = doc.slice(match.index + match[0].length);
  const next = new RegExp(`^#{1,${level}} `, 'm').exec(rest);
  return rest.slice(0, next ? next.index : undefined);
}

/** A Markdown table's rows (its header too) as cells (`\|` inside a cell is a literal bar). */
export function tableRows(text: string): string[][] {
  return text
    .split('\n')
    .filter((line) => line.startsWith('|') && !/^\|\s*-/.test(line))
    .map((line) =>
      line
        .slice(1, line.trimEnd().endsWith('|') ? line.trimEnd().length - 1 : undefined)
        .split(/(?<!\\)\|/)
        .map((cell) => cell.trim()),
    );
}

/** The names in backticks of a cell (`` `photos`, `travel` `` → photos, travel). */
export const codeSpans = (cell: string): string[] =>
  [...cell.matchAll(/`([^`]+)`/g)].map((m) => m[1]!);
