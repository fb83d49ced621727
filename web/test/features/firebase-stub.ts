// A real, never-connected Firestore for component tests: the screens only use it to
// mint document ids and build references (reads and writes are mocked at the hook boundary).
import { initializeApp } from 'firebase/app';
import { getFirestore } from 'firebase/firestore';

const app = initializeApp(
  { projectId: 'demo-component-tests', apiKey: 'test', storageBucket: 'demo-test.appspot.com' },
  'component-tests',
);
export const testDb = getFirestore(app);
