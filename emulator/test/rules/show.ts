// Renders rule values as short canonical strings so expectation tables stay readable.

import {
  RBytes,
  RDuration,
  RLatLng,
  RMap,
  RPath,
  RSet,
  RTimestamp,
  RulesError,
  type Value,
} from '../../src/rules/values.ts';

export function show(v: Value | RulesError): string {
  if (v instanceof RulesError) return 'error';
  if (v === null) return 'null';
  if (typeof v === 'boolean' || typeof v === 'bigint') return String(v);
  if (typeof v === 'number') return Number.isInteger(v) ? v.toFixed(1) : String(v);
  if (typeof v === 'string') return JSON.stringify(v);
  if (Array.isArray(v)) return '[' + v.map(show).join(', ') + ']';
  if (v instanceof RMap)
    return (
      '{' + [...v.entries].map(([k, x]) => `${JSON.stringify(k)}: ${show(x)}`).join(', ') + '}'
    );
  if (v instanceof RSet) return 'set(' + [...v.items.values()].map(show).sort().join(', ') + ')';
  if (v instanceof RTimestamp) return `ts(${v.seconds}.${v.nanos})`;
  if (v instanceof RDuration) return `dur(${v.seconds}.${v.nanos})`;
  if (v instanceof RPath) return `path(${v.toString()})`;
  if (v instanceof RLatLng) return `latlng(${v.lat}, ${v.lng})`;
  if (v instanceof RBytes) return `bytes(${Buffer.from(v.bytes).toString('hex')})`;
  return 'other';
}
