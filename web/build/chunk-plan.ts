// Fewer files on the way to the first screen (docs/performance.md, "First screens"). Rolldown
// gives each set of importers its own chunk, so App.tsx and a first screen (an invitation, an
// event link, a sign-in link) came as 27 to 32 files, most under 1 KB: on a phone's connection
// each costs a request and a round trip. A first pass of the same build, not written, shows
// which chunks they import statically; the real build then puts the modules of App's chunks in
// one chunk, and the modules the first screens' own chunks import in one more. The bytes are the
// same modules (every visitor runs App's closure anyway), and no chunk imports a chunk that
// imports it (App's closure only imports the entry's). Chakra's system (app/system.ts) is built
// as an entry of its own in the first pass and gets a chunk of its own, which needs nothing of
// the entry's: index.html runs it as soon as it is in (vite.config.ts, `preloadApp`).
import path from 'node:path';
import { build, type Plugin, type Rolldown } from 'vite';

/** What the plan reads of a first pass's chunk. */
export type PlannedChunk = Pick<
  Rolldown.OutputChunk,
  'fileName' | 'imports' | 'isEntry' | 'facadeModuleId' | 'moduleIds'
>;

export const APP_GROUP = 'App';
export const FIRST_SCREENS_GROUP = 'first-screens';
export const SYSTEM_GROUP = 'system';

/**
 * The group of each module to move: those of `systemModule`'s chunks (an entry of the first
 * pass) go together, those of the chunks `appModule`'s chunk imports statically (the entry's own
 * closure and the system's aside) go with App, those the first screens' chunks import statically
 * (the rest aside) go together. The first screens' own chunks stay as they are.
 */
export function chunkPlan(
  chunks: readonly PlannedChunk[],
  appModule: string,
  firstScreenModules: readonly string[],
  systemModule: string,
): Map<string, string> {
  const byFile = new Map(chunks.map((c) => [c.fileName, c]));
  const closure = (file: string, files = new Set<string>()): Set<string> => {
    if (files.has(file)) return files;
    files.add(file);
    for (const imported of byFile.get(file)?.imports ?? []) closure(imported, files);
    return files;
  };
  const chunkOf = (module: string): PlannedChunk => {
    const chunk = chunks.find((c) => c.facadeModuleId === module);
    if (!chunk) throw new Error(`chunk plan: no chunk for ${module}`);
    return chunk;
  };
  const entry = chunks.find((c) => c.isEntry && c.facadeModuleId !== systemModule);
  if (!entry) throw new Error('chunk plan: the first pass has no entry chunk');
  const placed = closure(entry.fileName);
  const plan = new Map<string, string>();
  const group = (files: Iterable<string>, name: string) => {
    for (const file of files) {
      if (placed.has(file)) continue;
      placed.add(file);
      for (const id of byFile.get(file)?.moduleIds ?? []) plan.set(id, name);
    }
  };
  // The system's own closure, as the first pass built it for it alone (an entry of its own), so
  // it needs nothing of the entry's: it can run as soon as it is in.
  const system = closure(chunkOf(systemModule).fileName);
  for (const file of system)
    if (placed.has(file))
      throw new Error(`chunk plan: ${systemModule} imports ${file}, a chunk of the entry's`);
  group(system, SYSTEM_GROUP);
  group(closure(chunkOf(appModule).fileName), APP_GROUP);
  const pages = new Set(firstScreenModules.map((m) => chunkOf(m).fileName));
  for (const page of pages) {
    group(
      [...closure(page)].filter((file) => !pages.has(file)),
      FIRST_SCREENS_GROUP,
    );
  }
  return plan;
}

/** Set while the first pass runs: it builds with rolldown's own chunks and writes nothing. */
const FIRST_PASS = 'GATHERLY_CHUNK_PLAN_FIRST_PASS';
export const isFirstPass = () => process.env[FIRST_PASS] === '1';

/**
 * Builds once more, unwritten and with the same config file, mode and definitions, and hands the
 * real build the plan's groups.
 */
export function plannedChunks(options: {
  configFile: string;
  appModule: string;
  firstScreenModules: readonly string[];
  systemModule: string;
}): Plugin {
  return {
    name: 'gatherly:planned-chunks',
    apply: 'build',
    async config(config, { mode }) {
      if (isFirstPass()) return;
      process.env[FIRST_PASS] = '1';
      let result: Awaited<ReturnType<typeof build>>;
      try {
        result = await build({
          configFile: options.configFile,
          root: config.root,
          mode,
          define: config.define,
          logLevel: 'silent',
          build: {
            write: false,
            sourcemap: false,
            minify: false,
            // The system as an entry of its own: its chunks are what it needs, tree-shaken.
            rolldownOptions: {
              input: {
                index: path.join(config.root ?? process.cwd(), 'index.html'),
                [SYSTEM_GROUP]: options.systemModule,
              },
            },
          },
        });
      } finally {
        delete process.env[FIRST_PASS];
      }
      if (!('output' in result) && !Array.isArray(result)) {
        throw new Error('chunk plan: the first pass returned no output');
      }
      const chunks = (Array.isArray(result) ? result : [result])
        .flatMap((r) => r.output)
        .filter((o): o is Rolldown.OutputChunk => o.type === 'chunk');
      const plan = chunkPlan(
        chunks,
        options.appModule,
        options.firstScreenModules,
        options.systemModule,
      );
      return {
        build: {
          rolldownOptions: {
            output: {
              codeSplitting: {
                groups: [
                  {
                    name: (id: string) => plan.get(id) ?? null,
                    includeDependenciesRecursively: false,
                  },
                ],
              },
            },
          },
        },
      };
    },
  };
}
