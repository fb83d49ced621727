import type { StorageRules } from './access.ts';
import type { ObjectStore } from './store.ts';
import type { UploadSessions } from './uploads.ts';

export type LogLevel = 'debug' | 'info' | 'warn' | 'silent';

/** State shared by the Firebase and Cloud Storage JSON API handlers of one emulator. */
export interface StorageContext {
  store: ObjectStore;
  uploads: UploadSessions;
  rules: StorageRules;
  log(level: 'debug' | 'info' | 'warn', message: string): void;
}
