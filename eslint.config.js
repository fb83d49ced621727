import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

// ---- Web import boundaries ------------------------------------------------------------------
//
// web/src/app composes the screens and may import anything. lib/ (Firebase wiring, shared
// hooks) and components/ (shared UI) sit below the features and never import features/ or
// app/. A feature imports another feature only along an edge listed here; every other
// cross-feature import is an error, including one into a feature folder added later.

const FEATURES_DIR = new URL('./web/src/features/', import.meta.url);
const FEATURES = readdirSync(FEATURES_DIR, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort();

/** feature → the features it may import (docs/web.md, "Import boundaries"). */
export const FEATURE_EDGES = {
  // The dashboard composes the event's page: the banner, the schedule, the gallery preview,
  // travel and recent activity panels, the open date polls and a guest's "Your table" card.
  dashboard: ['activity', 'banner', 'photos', 'polls', 'schedule', 'seating', 'travel'],
  // The banner's slides are the gallery's featured photos (their type and the viewer's slide
  // arrows), and a banner upload is compressed like a photo.
  banner: ['photos'],
  // The gallery and viewer hide photos from the wall and show admins the wall's approval queue.
  photos: ['wall'],
  // The schedule item dialog gates capacity on the tier and offers the upgrade dialog; admins
  // put an item's time to a date poll; a guest's schedule is the items of their groups too.
  schedule: ['groups', 'polls', 'subscription'],
  // Settings embeds the creator's role management card and the photo wall's card.
  settings: ['members', 'wall'],
  // The events list and Create Event show the tier usage and the upgrade dialog.
  events: ['subscription'],
  'create-event': ['subscription'],
  // The host's guest list gates its CSV export on the tier and shows the upgrade dialog; the
  // hosts manage guest groups there and pick them when inviting.
  members: ['subscription', 'groups'],
  // The announcement composer offers the guest groups; the feed reads the groups' feeds.
  activity: ['groups'],
};

for (const [from, targets] of Object.entries(FEATURE_EDGES)) {
  for (const name of [from, ...targets]) {
    if (!FEATURES.includes(name)) {
      throw new Error(
        `eslint.config.js: FEATURE_EDGES names "${name}", not a web/src/features folder`,
      );
    }
  }
}

const escapeRegex = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A relative import that climbs out of the current folder into one of the feature folders
 * `names` (`../photos/data.ts`, `../../features/photos/data.ts`). Web code imports its own
 * modules by relative path (no aliases), so the import text names the folder it reaches.
 */
function featureImportPattern(names) {
  const alternatives = names.map(escapeRegex).join('|');
  return `^(?:\\.\\./)+(?:features/)?(?:${alternatives})(?:/|$)`;
}

/**
 * Live reads go through the live-data layer, web/src/lib/live (docs/web.md, "Live data"): only
 * it imports reactfire and the SDK's listener.
 */
const LIVE_DATA_PATHS = [
  {
    name: 'reactfire',
    message: 'Read live data through web/src/lib/live (useDb, useLiveDoc, useLiveQuery, ...).',
  },
  {
    name: 'firebase/firestore',
    importNames: ['onSnapshot'],
    message:
      'Listen through web/src/lib/live (useLiveDoc, useLiveQuery, useLiveDocsIn, usePagedQuery, ...).',
  },
];

const webBoundaries = [
  {
    files: ['web/src/app/**'],
    rules: { 'no-restricted-imports': ['error', { paths: LIVE_DATA_PATHS }] },
  },
  {
    files: ['web/src/lib/live/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(?:\\.\\./)+(?:features|app)(?:/|$)',
              message: 'The live-data layer sits below the features and the app shell.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['web/src/lib/**', 'web/src/components/**'],
    ignores: ['web/src/lib/live/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: LIVE_DATA_PATHS,
          patterns: [
            {
              regex: '^(?:\\.\\./)+(?:features|app)(?:/|$)',
              message:
                'web/src/lib and web/src/components sit below the features and the app shell: move the shared piece down instead.',
            },
          ],
        },
      ],
    },
  },
  ...FEATURES.map((feature) => {
    const allowed = FEATURE_EDGES[feature] ?? [];
    const forbidden = FEATURES.filter((name) => name !== feature && !allowed.includes(name));
    return {
      files: [`web/src/features/${feature}/**`],
      rules: {
        'no-restricted-imports': [
          'error',
          {
            paths: LIVE_DATA_PATHS,
            patterns: [
              {
                regex: featureImportPattern(forbidden),
                message: `${
                  allowed.length
                    ? `features/${feature} imports only ${allowed.map((name) => `features/${name}`).join(', ')}`
                    : `features/${feature} imports no other feature`
                } (FEATURE_EDGES in eslint.config.js): compose features in web/src/app, or move shared code to lib/ or components/.`,
              },
              {
                regex: '^(?:\\.\\./)+app(?:/|$)',
                message: 'Features never import the app shell (web/src/app composes them).',
              },
            ],
          },
        ],
      },
    };
  }),
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      // Build output only; web/src/lib, e2e/lib and scripts/lib are source.
      'functions/lib/**',
      'e2e/screenshots/**',
      'e2e/results/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      globals: {
        console: 'readonly',
        process: 'readonly',
        window: 'readonly',
        document: 'readonly',
      },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      'no-undef': 'off',
    },
  },
  // Type-aware rules: every TypeScript file in a folder belongs to that workspace's tsconfig,
  // which the project service finds (the same programs `npm run typecheck` builds).
  {
    files: ['**/*.{ts,tsx,mts,cts}'],
    languageOptions: {
      parserOptions: {
        projectService: true,
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      // A promise where a plain value or a void callback is expected (`if (save())`,
      // `items.forEach(async …)`) is a bug. React event props are the exception: React ignores
      // the handler's return value, and handlers catch and show their own errors.
      '@typescript-eslint/no-misused-promises': [
        'error',
        { checksVoidReturn: { attributes: false } },
      ],
    },
  },
  // Top-level config files: the root tsconfig.json is only the shared base (no include), and
  // asking it for types would load the whole repository as one program.
  {
    files: ['*.{ts,mts,cts}'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    ...reactHooks.configs.flat['recommended-latest'],
  },
  ...webBoundaries,
  // No import cycles anywhere (docs/web.md, "Import boundaries"): a cycle makes a module's
  // meaning depend on which side loads first, and hides a layer that should be split.
  {
    files: ['**/*.{ts,tsx,mts,cts,js,mjs}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [
        createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs'] }),
      ],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
);
