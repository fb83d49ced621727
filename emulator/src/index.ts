// Programmatic start of the offline emulator (Firestore + Storage) for tests and `npm start`.
import { readIndexConfig } from './firestore/index-files.ts';
import { startFirestoreEmulator } from './firestore/server.ts';
import type { LogLevel } from './firestore/log.ts';
import { startStorageEmulator } from './storage/server.ts';

export type { LogLevel };

export interface EmulatorOptions {
  host?: string;
  /** 0 = random free port (what tests use). Defaults: 8080 / 9199 as in firebase.json. */
  firestorePort?: number;
  storagePort?: number;
  logLevel?: LogLevel;
  /** firestore.rules source applied to every project until it loads its own. */
  firestoreRules?: string;
  /** storage.rules source. */
  storageRules?: string;
  /** Path of the firestore.indexes.json every project uses (default: no declared indexes). */
  firestoreIndexes?: string;
  /**
   * Production limits mode (emulator/src/firestore/README.md): default on, unless
   * GATHERLY_EMULATOR_PRODUCTION_LIMITS=0.
   */
  productionLimits?: boolean;
}

export interface RunningEmulators {
  firestore: { host: string; port: number };
  storage: { host: string; port: number };
  productionLimits: boolean;
  stop(): Promise<void>;
}

export async function startEmulators(options: EmulatorOptions = {}): Promise<RunningEmulators> {
  const host = options.host ?? '127.0.0.1';
  const logLevel = options.logLevel ?? 'info';
  const firestore = await startFirestoreEmulator({
    host,
    port: options.firestorePort ?? 8080,
    logLevel,
    ...(options.firestoreRules !== undefined ? { rules: options.firestoreRules } : {}),
    ...(options.firestoreIndexes !== undefined
      ? { indexes: readIndexConfig(options.firestoreIndexes) }
      : {}),
    ...(options.productionLimits !== undefined
      ? { productionLimits: options.productionLimits }
      : {}),
  });
  let storage;
  try {
    storage = await startStorageEmulator({
      host,
      port: options.storagePort ?? 9199,
      logLevel: logLevel === 'error' ? 'warn' : logLevel,
      firestore: (projectId) => firestore.documentSource(projectId),
    });
  } catch (err) {
    await firestore.stop();
    throw err;
  }
  if (options.storageRules !== undefined) storage.setRules(options.storageRules);
  return {
    firestore: { host: firestore.host, port: firestore.port },
    storage: { host: storage.host, port: storage.port },
    productionLimits: firestore.productionLimits,
    async stop() {
      await Promise.all([firestore.stop(), storage.stop()]);
    },
  };
}
