/** localStorage keys (docs/web.md, client-side storage). */
export const CURRENT_EVENT_STORAGE_KEY = 'currentEventId';
export const THEME_STORAGE_KEY = 'theme';
