// In-memory document store of one database, indexed by parent collection so collection scans
// do not touch unrelated documents. Change listeners (Listen targets) hear about every commit.
import type { DocumentSource, FsDocument } from '../shared/value.ts';

export interface DocumentChange {
  path: string;
  before: FsDocument | null;
  after: FsDocument | null;
}

export type ChangeListener = (changes: DocumentChange[]) => void;

export function splitPath(path: string): { collection: string; id: string } {
  const slash = path.lastIndexOf('/');
  return { collection: path.slice(0, slash), id: path.slice(slash + 1) };
}

/** Last segment of a collection path: its collection id. */
export function collectionIdOf(collectionPath: string): string {
  return collectionPath.slice(collectionPath.lastIndexOf('/') + 1);
}

export class DatabaseStore implements DocumentSource {
  private readonly collections = new Map<string, Map<string, FsDocument>>();
  private readonly listeners = new Set<ChangeListener>();
  /** Bumped on every commit that changed something; resume tokens encode it. */
  version = 0;

  constructor(
    readonly projectId: string,
    readonly databaseId: string,
  ) {}

  get(path: string): FsDocument | null {
    const { collection, id } = splitPath(path);
    return this.collections.get(collection)?.get(id) ?? null;
  }

  /** Documents directly in a collection (unordered). */
  collection(collectionPath: string): Iterable<FsDocument> {
    return this.collections.get(collectionPath)?.values() ?? [];
  }

  /** Collection paths whose collection id matches (all when id is ''), under a parent path. */
  collectionPaths(parentPath: string, collectionId: string): string[] {
    const prefix = parentPath === '' ? '' : parentPath + '/';
    const out: string[] = [];
    for (const [path, docs] of this.collections) {
      if (docs.size === 0) continue;
      if (prefix !== '' && !path.startsWith(prefix)) continue;
      if (collectionId !== '' && collectionIdOf(path) !== collectionId) continue;
      out.push(path);
    }
    return out;
  }

  /** Ids of the collections directly under a document path ('' = root). */
  childCollectionIds(parentPath: string): string[] {
    const prefix = parentPath === '' ? '' : parentPath + '/';
    const ids = new Set<string>();
    for (const [path, docs] of this.collections) {
      if (docs.size === 0 || !path.startsWith(prefix)) continue;
      const rest = path.slice(prefix.length);
      const first = rest.split('/')[0];
      if (first) ids.add(first);
    }
    return [...ids].sort();
  }

  get size(): number {
    let n = 0;
    for (const docs of this.collections.values()) n += docs.size;
    return n;
  }

  /** Applies a commit's final document states atomically and notifies listeners. */
  apply(changes: DocumentChange[]): void {
    if (changes.length === 0) return;
    for (const change of changes) {
      const { collection, id } = splitPath(change.path);
      if (change.after) {
        let docs = this.collections.get(collection);
        if (!docs) {
          docs = new Map();
          this.collections.set(collection, docs);
        }
        docs.set(id, change.after);
      } else {
        const docs = this.collections.get(collection);
        docs?.delete(id);
        if (docs && docs.size === 0) this.collections.delete(collection);
      }
    }
    this.version++;
    for (const listener of [...this.listeners]) listener(changes);
  }

  clear(): void {
    const changes: DocumentChange[] = [];
    for (const docs of this.collections.values()) {
      for (const doc of docs.values()) changes.push({ path: doc.path, before: doc, after: null });
    }
    this.collections.clear();
    this.version++;
    if (changes.length > 0) for (const listener of [...this.listeners]) listener(changes);
  }

  onChange(listener: ChangeListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
