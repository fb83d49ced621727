// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  APP_GROUP,
  FIRST_SCREENS_GROUP,
  SYSTEM_GROUP,
  chunkPlan,
  type PlannedChunk,
} from '../build/chunk-plan.ts';

const chunk = (
  fileName: string,
  moduleIds: string[],
  imports: string[] = [],
  extra: Partial<PlannedChunk> = {},
): PlannedChunk => ({
  fileName,
  moduleIds,
  imports,
  isEntry: false,
  facadeModuleId: moduleIds[0] ?? null,
  ...extra,
});

// A first pass as rolldown splits it: the entry (main + React), the system as an entry of its
// own sharing the recipe utilities with App, App with three small shared chunks, two first
// screens sharing a card, and a signed-in screen sharing a button with App.
const firstPass: PlannedChunk[] = [
  chunk('index.js', ['/main.tsx', '/react.js'], [], { isEntry: true }),
  chunk('system.js', ['/system.ts', '/tokens.js'], ['css.js'], { isEntry: true }),
  chunk('css.js', ['/css.js'], [], { facadeModuleId: null }),
  chunk('App.js', ['/App.tsx'], ['index.js', 'system.js', 'button.js', 'text.js']),
  chunk('button.js', ['/button.js'], ['index.js', 'recipe.js', 'css.js'], {
    facadeModuleId: null,
  }),
  chunk('text.js', ['/text.js'], ['index.js'], { facadeModuleId: null }),
  chunk('recipe.js', ['/recipe.js', '/recipe-context.js'], [], { facadeModuleId: null }),
  chunk('Invite.js', ['/Invite.tsx'], ['index.js', 'button.js', 'card.js']),
  chunk('Join.js', ['/Join.tsx'], ['index.js', 'card.js', 'field.js']),
  chunk('card.js', ['/card.js'], ['recipe.js'], { facadeModuleId: null }),
  chunk('field.js', ['/field.js'], [], { facadeModuleId: null }),
  chunk('Dashboard.js', ['/Dashboard.tsx'], ['button.js', 'card.js', 'chart.js']),
  chunk('chart.js', ['/chart.js'], [], { facadeModuleId: null }),
];

describe('chunk plan', () => {
  const plan = chunkPlan(firstPass, '/App.tsx', ['/Invite.tsx', '/Join.tsx'], '/system.ts');

  it('puts the system and what it imports in a group of its own, ahead of App', () => {
    for (const id of ['/system.ts', '/tokens.js', '/css.js'])
      expect(plan.get(id), id).toBe(SYSTEM_GROUP);
  });

  it("puts App's chunk and every chunk it imports statically in one group, the entry's aside", () => {
    for (const id of ['/App.tsx', '/button.js', '/text.js', '/recipe.js', '/recipe-context.js'])
      expect(plan.get(id), id).toBe(APP_GROUP);
    expect(plan.has('/main.tsx')).toBe(false);
    expect(plan.has('/react.js')).toBe(false);
  });

  it("puts what the first screens import beyond App's in one more, their own chunks aside", () => {
    expect(plan.get('/card.js')).toBe(FIRST_SCREENS_GROUP);
    expect(plan.get('/field.js')).toBe(FIRST_SCREENS_GROUP);
    expect(plan.has('/Invite.tsx')).toBe(false);
    expect(plan.has('/Join.tsx')).toBe(false);
  });

  it('leaves every other chunk to the bundler', () => {
    expect(plan.has('/Dashboard.tsx')).toBe(false);
    expect(plan.has('/chart.js')).toBe(false);
  });

  it('fails loudly when a module it plans around has no chunk', () => {
    expect(() => chunkPlan(firstPass, '/Missing.tsx', [], '/system.ts')).toThrow(
      /no chunk for \/Missing.tsx/,
    );
    expect(() => chunkPlan(firstPass.slice(1), '/App.tsx', [], '/system.ts')).toThrow(
      /no entry chunk/,
    );
  });

  it('fails loudly when the system needs a chunk of the entry (it could not run before it)', () => {
    const needsReact = firstPass.map((c) =>
      c.fileName === 'system.js' ? { ...c, imports: [...c.imports, 'index.js'] } : c,
    );
    expect(() => chunkPlan(needsReact, '/App.tsx', [], '/system.ts')).toThrow(
      /imports index.js, a chunk of the entry's/,
    );
  });
});
