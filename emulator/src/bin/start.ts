// Standalone offline emulator: `npm run emulator [-- --log-level debug --firestore-port 8080
// --storage-port 9199 --host 127.0.0.1 --firestore-rules firestore.rules --storage-rules storage.rules
// --firestore-indexes firestore.indexes.json]`. GATHERLY_EMULATOR_PRODUCTION_LIMITS=0 turns the
// production limits mode off.
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { isLogLevel } from '../firestore/log.ts';
import { startEmulators } from '../index.ts';

const { values } = parseArgs({
  options: {
    'log-level': { type: 'string', default: 'info' },
    host: { type: 'string', default: '127.0.0.1' },
    'firestore-port': { type: 'string', default: '8080' },
    'storage-port': { type: 'string', default: '9199' },
    'firestore-rules': { type: 'string' },
    'storage-rules': { type: 'string' },
    'firestore-indexes': { type: 'string' },
  },
});

const logLevel = values['log-level'] ?? 'info';
if (!isLogLevel(logLevel)) {
  console.error(`--log-level must be one of debug, info, warn, error, silent (got "${logLevel}")`);
  process.exit(2);
}

const emulators = await startEmulators({
  host: values.host ?? '127.0.0.1',
  firestorePort: Number(values['firestore-port']),
  storagePort: Number(values['storage-port']),
  logLevel,
  ...(values['firestore-rules']
    ? { firestoreRules: readFileSync(values['firestore-rules'], 'utf8') }
    : {}),
  ...(values['storage-rules']
    ? { storageRules: readFileSync(values['storage-rules'], 'utf8') }
    : {}),
  ...(values['firestore-indexes'] ? { firestoreIndexes: values['firestore-indexes'] } : {}),
});
console.log(
  `Offline emulators ready: Firestore ${emulators.firestore.host}:${emulators.firestore.port}, ` +
    `Storage ${emulators.storage.host}:${emulators.storage.port}` +
    (emulators.productionLimits ? ' (production limits on)' : ' (production limits off)'),
);

const shutdown = (): void => {
  emulators.stop().then(
    () => process.exit(0),
    () => process.exit(1),
  );
};
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
