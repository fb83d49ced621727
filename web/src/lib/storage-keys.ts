/** localStorage keys of spec §3 (client-side storage). */
export const CURRENT_EVENT_STORAGE_KEY = 'currentEventId';
export const THEME_STORAGE_KEY = 'theme';
