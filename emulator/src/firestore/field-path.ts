// Field paths as the wire sends them ("a.b", "`odd.key`.c", "__name__") and access to nested
// map fields by path.
import type { FsFields, FsValue } from '../shared/value.ts';
import { invalid } from './errors.ts';

export type FieldPath = readonly string[];

const cache = new Map<string, FieldPath>();

export function parseFieldPath(text: string): FieldPath {
  const cached = cache.get(text);
  if (cached) return cached;
  const segments: string[] = [];
  let current = '';
  let i = 0;
  let quoted = false;
  let segmentStarted = false;
  while (i < text.length) {
    const ch = text[i] as string;
    if (quoted) {
      if (ch === '\\') {
        current += text[i + 1] ?? '';
        i += 2;
        continue;
      }
      if (ch === '`') quoted = false;
      else current += ch;
    } else if (ch === '`') {
      quoted = true;
      segmentStarted = true;
    } else if (ch === '.') {
      if (!segmentStarted) throw invalid(`Invalid field path: "${text}"`);
      segments.push(current);
      current = '';
      segmentStarted = false;
    } else {
      current += ch;
      segmentStarted = true;
    }
    i++;
  }
  if (quoted || !segmentStarted) throw invalid(`Invalid field path: "${text}"`);
  segments.push(current);
  if (cache.size > 10_000) cache.clear();
  cache.set(text, segments);
  return segments;
}

const simpleSegment = /^[A-Za-z_][A-Za-z_0-9]*$/;

export function formatFieldPath(path: FieldPath): string {
  return path
    .map((s) =>
      simpleSegment.test(s) ? s : '`' + s.replace(/\\/g, '\\\\').replace(/`/g, '\\`') + '`',
    )
    .join('.');
}

export function getField(fields: FsFields, path: FieldPath): FsValue | undefined {
  let currentFields: FsFields = fields;
  for (let i = 0; i < path.length; i++) {
    const value: FsValue | undefined = currentFields[path[i] as string];
    if (value === undefined) return undefined;
    if (i === path.length - 1) return value;
    if (!('mapValue' in value)) return undefined;
    currentFields = value.mapValue.fields;
  }
  return undefined;
}

/** Sets a nested field, creating (or replacing non-map) intermediate maps. Mutates `fields`. */
export function setField(fields: FsFields, path: FieldPath, value: FsValue): void {
  let currentFields = fields;
  for (let i = 0; i < path.length - 1; i++) {
    const key = path[i] as string;
    const existing = currentFields[key];
    if (existing && 'mapValue' in existing) {
      const copy: FsValue = { mapValue: { fields: { ...existing.mapValue.fields } } };
      currentFields[key] = copy;
      currentFields = copy.mapValue.fields;
    } else {
      const created: FsValue = { mapValue: { fields: {} } };
      currentFields[key] = created;
      currentFields = created.mapValue.fields;
    }
  }
  currentFields[path[path.length - 1] as string] = value;
}

/** Deletes a nested field if present. Mutates `fields` (copying the maps on the way). */
export function deleteField(fields: FsFields, path: FieldPath): void {
  let currentFields = fields;
  for (let i = 0; i < path.length - 1; i++) {
    const key = path[i] as string;
    const existing = currentFields[key];
    if (!existing || !('mapValue' in existing)) return;
    const copy: FsValue = { mapValue: { fields: { ...existing.mapValue.fields } } };
    currentFields[key] = copy;
    currentFields = copy.mapValue.fields;
  }
  delete currentFields[path[path.length - 1] as string];
}
