// A real, never-connected Firestore/Storage pair for component tests: the screens only use it to
// mint document ids and build references (reads and writes are mocked at the hook boundary).
import { initializeApp } from 'firebase/app';
import { getFirestore } from 'firebase/firestore';
import { getStorage } from 'firebase/storage';

const app = initializeApp(
  { projectId: 'demo-component-tests', apiKey: 'test', storageBucket: 'demo-test.appspot.com' },
  'component-tests',
);
export const testDb = getFirestore(app);
export const testStorage = getStorage(app);
