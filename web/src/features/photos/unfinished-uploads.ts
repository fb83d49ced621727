// Uploads in flight, remembered in localStorage per event, so that after a reload (or a closed
// tab) the gallery can say which files did not finish. Entries belong to one page load; other
// tabs' live uploads are told apart by a heartbeat, and a page that goes away marks its own.
const KEY_PREFIX = 'gatherly.uploadsInFlight.';
const HEARTBEAT_MS = 5000;
/** An entry whose page has not beaten for this long was cut off (crash, killed tab). */
const STALE_MS = 30_000;

/** This page load's id: entries with another id come from an earlier page or another tab. */
const PAGE_ID = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;

interface Entry {
  page: string;
  key: string;
  uid: string;
  name: string;
  beat: number;
  /** Set when its page went away (reload, navigation, closed tab) with the upload unfinished. */
  interrupted?: boolean;
}

export interface UnfinishedUpload {
  id: string;
  name: string;
}

function read(eventId: string): Entry[] {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(KEY_PREFIX + eventId) ?? '[]');
    return Array.isArray(parsed) ? (parsed as Entry[]) : [];
  } catch {
    return [];
  }
}

function write(eventId: string, entries: Entry[]): void {
  try {
    if (entries.length) localStorage.setItem(KEY_PREFIX + eventId, JSON.stringify(entries));
    else localStorage.removeItem(KEY_PREFIX + eventId);
  } catch {
    // Storage full or unavailable: the notice after a reload is a nicety, uploads go on.
  }
}

/** Event ids with entries of this page (for the heartbeat and the page-hide mark). */
const ownEvents = new Set<string>();
let heartbeat: ReturnType<typeof setInterval> | null = null;

function touchOwn(change: (e: Entry) => Entry): void {
  for (const eventId of ownEvents) {
    write(
      eventId,
      read(eventId).map((e) => (e.page === PAGE_ID ? change(e) : e)),
    );
  }
}

function onPageHide(): void {
  touchOwn((e) => ({ ...e, interrupted: true }));
}

/** Back from the back/forward cache: the uploads were only frozen, not lost. */
function onPageShow(event: PageTransitionEvent): void {
  if (event.persisted) touchOwn(({ interrupted: _, ...e }) => ({ ...e, beat: Date.now() }));
}

function syncLifecycle(): void {
  const active = [...ownEvents].some((id) => read(id).some((e) => e.page === PAGE_ID));
  if (active && !heartbeat) {
    heartbeat = setInterval(() => touchOwn((e) => ({ ...e, beat: Date.now() })), HEARTBEAT_MS);
    window.addEventListener('pagehide', onPageHide);
    window.addEventListener('pageshow', onPageShow);
  } else if (!active && heartbeat) {
    clearInterval(heartbeat);
    heartbeat = null;
    window.removeEventListener('pagehide', onPageHide);
    window.removeEventListener('pageshow', onPageShow);
  }
}

export function rememberUpload(eventId: string, uid: string, key: string, name: string): void {
  const entries = read(eventId).filter((e) => !(e.page === PAGE_ID && e.key === key));
  write(eventId, [...entries, { page: PAGE_ID, key, uid, name, beat: Date.now() }]);
  ownEvents.add(eventId);
  syncLifecycle();
}

export function forgetUpload(eventId: string, key: string): void {
  write(
    eventId,
    read(eventId).filter((e) => !(e.page === PAGE_ID && e.key === key)),
  );
  syncLifecycle();
}

/** Uploads of this person that an earlier page (or a cut-off tab) left unfinished. */
export function unfinishedUploads(
  eventId: string,
  uid: string,
  now = Date.now(),
): UnfinishedUpload[] {
  return read(eventId)
    .filter(
      (e) => e.uid === uid && e.page !== PAGE_ID && (e.interrupted || now - e.beat > STALE_MS),
    )
    .map((e) => ({ id: `${e.page}:${e.key}`, name: e.name }));
}

export function dismissUnfinished(eventId: string, ids: readonly string[]): void {
  write(
    eventId,
    read(eventId).filter((e) => !ids.includes(`${e.page}:${e.key}`)),
  );
}
