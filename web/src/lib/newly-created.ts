/**
 * In-memory markers for events this tab just created (docs/product.md, "Create Event"): the new event opens before the
 * live events list has caught up. Markers expire after 5 minutes; a sweep runs every 60 s.
 */
export const NEWLY_CREATED_WINDOW_MS = 5 * 60 * 1000;
export const NEWLY_CREATED_CLEANUP_MS = 60 * 1000;

const created = new Map<string, number>();
let sweeper: ReturnType<typeof setInterval> | null = null;

function sweep(now = Date.now()) {
  for (const [id, at] of created) if (now - at >= NEWLY_CREATED_WINDOW_MS) created.delete(id);
  if (created.size === 0 && sweeper) {
    clearInterval(sweeper);
    sweeper = null;
  }
}

export function markNewlyCreated(eventId: string): void {
  created.set(eventId, Date.now());
  sweeper ??= setInterval(sweep, NEWLY_CREATED_CLEANUP_MS);
}

export function isNewlyCreated(eventId: string): boolean {
  const at = created.get(eventId);
  return at !== undefined && Date.now() - at < NEWLY_CREATED_WINDOW_MS;
}

/** Test helper. */
export function clearNewlyCreated(): void {
  created.clear();
  sweep();
}
