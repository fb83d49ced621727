// Per-project state: each project's databases (store + transactions), its loaded rules, its
// index configuration with what queries used of it, and its write rates. Projects never share
// data, as on the official emulator.
import type { DocumentSource, Timestamp } from '../shared/value.ts';
import { IndexUsage } from './index-usage.ts';
import { EMPTY_INDEX_CONFIG, type IndexConfig } from './indexes.ts';
import { WriteRates } from './write-rates.ts';
import type { LoadedRules } from './rules-gate.ts';
import { DatabaseStore } from './store.ts';
import { TransactionManager } from './transactions.ts';

export interface Database {
  store: DatabaseStore;
  transactions: TransactionManager;
  lastCommitTime: Timestamp | null;
}

interface Project {
  databases: Map<string, Database>;
  rules: LoadedRules | null;
  indexes: IndexConfig;
  indexUsage: IndexUsage;
  writeRates: WriteRates;
}

export class ProjectRegistry {
  private readonly projects = new Map<string, Project>();
  /** Rules for projects that never loaded their own (the standalone command's --firestore-rules). */
  defaultRules: LoadedRules | null = null;
  /** Indexes for projects that never loaded their own (the repository's firestore.indexes.json). */
  defaultIndexes: IndexConfig = EMPTY_INDEX_CONFIG;

  /**
   * Production limits mode: refuse what production refuses although the official emulator
   * allows it (queries without their index, transactions past production's lifetime, ...).
   */
  constructor(readonly productionLimits: boolean) {}

  private project(projectId: string): Project {
    let project = this.projects.get(projectId);
    if (!project) {
      project = {
        databases: new Map(),
        rules: this.defaultRules,
        indexes: this.defaultIndexes,
        indexUsage: new IndexUsage(),
        writeRates: new WriteRates(),
      };
      this.projects.set(projectId, project);
    }
    return project;
  }

  /** Every project seen so far (index usage saved at stop). */
  projectIds(): string[] {
    return [...this.projects.keys()];
  }

  database(projectId: string, databaseId = '(default)'): Database {
    const project = this.project(projectId);
    let database = project.databases.get(databaseId);
    if (!database) {
      const store = new DatabaseStore(projectId, databaseId);
      database = {
        store,
        transactions: new TransactionManager(store, this.productionLimits),
        lastCommitTime: null,
      };
      project.databases.set(databaseId, database);
    }
    return database;
  }

  /** The (default) database of a project, read-only, for Storage rules' firestore.get(). */
  documentSource(projectId: string): DocumentSource {
    return { get: (path) => this.database(projectId).store.get(path) };
  }

  rules(projectId: string): LoadedRules | null {
    return this.project(projectId).rules;
  }

  setRules(projectId: string, rules: LoadedRules | null): void {
    this.project(projectId).rules = rules;
  }

  indexes(projectId: string): IndexConfig {
    return this.project(projectId).indexes;
  }

  setIndexes(projectId: string, indexes: IndexConfig): void {
    this.project(projectId).indexes = indexes;
  }

  indexUsage(projectId: string): IndexUsage {
    return this.project(projectId).indexUsage;
  }

  writeRates(projectId: string): WriteRates {
    return this.project(projectId).writeRates;
  }

  /** Deletes every document of a database (listeners see the deletions). */
  clear(projectId: string, databaseId = '(default)'): void {
    const database = this.database(projectId, databaseId);
    database.store.clear();
    database.transactions.clear();
  }
}
