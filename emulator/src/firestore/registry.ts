// Per-project state: each project's databases (store + transactions) and its loaded rules.
// Projects never share data, as on the official emulator.
import type { DocumentSource, Timestamp } from '../shared/value.ts';
import type { LoadedRules } from './rules-gate.ts';
import { DatabaseStore } from './store.ts';
import { TransactionManager } from './transactions.ts';
import { WriteRates } from './write-rates.ts';

export interface Database {
  store: DatabaseStore;
  transactions: TransactionManager;
  lastCommitTime: Timestamp | null;
}

interface Project {
  databases: Map<string, Database>;
  rules: LoadedRules | null;
  /** Commits per document (write-rates.ts), across the project's databases. */
  writeRates: WriteRates;
}

export class ProjectRegistry {
  private readonly projects = new Map<string, Project>();
  /** Rules for projects that never loaded their own (the standalone command's --firestore-rules). */
  defaultRules: LoadedRules | null = null;

  private project(projectId: string): Project {
    let project = this.projects.get(projectId);
    if (!project) {
      project = { databases: new Map(), rules: this.defaultRules, writeRates: new WriteRates() };
      this.projects.set(projectId, project);
    }
    return project;
  }

  database(projectId: string, databaseId = '(default)'): Database {
    const project = this.project(projectId);
    let database = project.databases.get(databaseId);
    if (!database) {
      const store = new DatabaseStore(projectId, databaseId);
      database = { store, transactions: new TransactionManager(store), lastCommitTime: null };
      project.databases.set(databaseId, database);
    }
    return database;
  }

  /** The (default) database of a project, read-only, for Storage rules' firestore.get(). */
  documentSource(projectId: string): DocumentSource {
    return { get: (path) => this.database(projectId).store.get(path) };
  }

  writeRates(projectId: string): WriteRates {
    return this.project(projectId).writeRates;
  }

  rules(projectId: string): LoadedRules | null {
    return this.project(projectId).rules;
  }

  setRules(projectId: string, rules: LoadedRules | null): void {
    this.project(projectId).rules = rules;
  }

  /** Deletes every document of a database (listeners see the deletions). */
  clear(projectId: string, databaseId = '(default)'): void {
    const database = this.database(projectId, databaseId);
    database.store.clear();
    database.transactions.clear();
  }
}
