// Control endpoints of the production limits mode, on the Firestore port beside the official
// emulator's own: a project's index configuration and index usage, and its write rates.
//   PUT    /emulator/v1/projects/{p}:indexes         body: firestore.indexes.json → { indexes, fieldOverrides }
//   GET    /emulator/v1/projects/{p}:indexes         the loaded configuration
//   GET    /emulator/v1/projects/{p}:indexUsage      { productionLimits, used, unused, missing, automatic }
//   DELETE /emulator/v1/projects/{p}:indexUsage      forgets the usage
//   GET    /emulator/v1/projects/{p}:writeRates?limit=N  { windowSeconds, documents: [...] }, hottest first
//   DELETE /emulator/v1/projects/{p}:writeRates      resets the counts
import { invalid } from './errors.ts';
import { indexReport } from './index-usage.ts';
import { parseIndexConfig } from './indexes.ts';
import type { ProjectRegistry } from './registry.ts';

export interface ControlAnswer {
  status: number;
  body: unknown;
}

export async function handleProductionControl(
  method: string,
  pathname: string,
  url: URL,
  readBody: () => Promise<unknown>,
  registry: ProjectRegistry,
): Promise<ControlAnswer | null> {
  const match = /^\/emulator\/v1\/projects\/([^/:]+):(indexes|indexUsage|writeRates)$/.exec(
    pathname,
  );
  if (!match) return null;
  const projectId = decodeURIComponent(match[1] ?? '');
  const what = match[2];
  if (what === 'indexes') {
    if (method === 'GET') return { status: 200, body: registry.indexes(projectId) };
    if (method !== 'PUT' && method !== 'POST')
      throw invalid(`${method} is not allowed on ${pathname}`);
    let config;
    try {
      config = parseIndexConfig(await readBody());
    } catch (err) {
      throw invalid(err instanceof Error ? err.message : String(err));
    }
    registry.setIndexes(projectId, config);
    return { status: 200, body: config };
  }
  if (what === 'indexUsage') {
    const usage = registry.indexUsage(projectId);
    if (method === 'DELETE') {
      usage.clear();
      return { status: 200, body: {} };
    }
    if (method !== 'GET') throw invalid(`${method} is not allowed on ${pathname}`);
    return {
      status: 200,
      body: {
        productionLimits: registry.productionLimits,
        ...indexReport(usage.data(), registry.indexes(projectId)),
      },
    };
  }
  const rates = registry.writeRates(projectId);
  if (method === 'DELETE') {
    rates.clear();
    return { status: 200, body: {} };
  }
  if (method !== 'GET') throw invalid(`${method} is not allowed on ${pathname}`);
  const limitText = url.searchParams.get('limit');
  let limit: number | undefined;
  if (limitText !== null) {
    limit = Number(limitText);
    if (!Number.isInteger(limit) || limit < 0)
      throw invalid(`limit must be a whole number, not "${limitText}"`);
  }
  return { status: 200, body: rates.report(limit) };
}
