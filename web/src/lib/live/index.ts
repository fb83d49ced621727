// The live-data layer (docs/web.md, "Live data"): every live read of the web app goes through
// these hooks; only this folder imports reactfire and the SDK's onSnapshot (eslint.config.js).
// Component tests mock this module.
export { LiveDataProvider, useDb, useLiveDoc, useLiveQuery } from './firestore.tsx';
export type { LiveDoc, LiveQuery } from './firestore.tsx';
export { useLiveDocs, useLiveDocsIn, useLiveQueries, useLiveQueryState } from './listeners.ts';
export type { LiveDocState, LiveDocsByIds, LiveQueryState } from './listeners.ts';
export { usePagedQuery } from './paged-query.ts';
export type { PagedQuery } from './paged-query.ts';
export { useSearchPages } from './search-pages.ts';
export type { SearchPages } from './search-pages.ts';
