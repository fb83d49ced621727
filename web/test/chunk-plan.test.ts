// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  APP_GROUP,
  FIRST_SCREENS_GROUP,
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

// A first pass as rolldown splits it: the entry (main + React), App with three small shared
// chunks, two first screens sharing a card, and a signed-in screen sharing a button with App.
const firstPass: PlannedChunk[] = [
  chunk('index.js', ['/main.tsx', '/react.js'], [], { isEntry: true }),
  chunk('App.js', ['/App.tsx'], ['index.js', 'button.js', 'text.js']),
  chunk('button.js', ['/button.js'], ['index.js', 'recipe.js'], { facadeModuleId: null }),
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
  const plan = chunkPlan(firstPass, '/App.tsx', ['/Invite.tsx', '/Join.tsx']);

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
    expect(() => chunkPlan(firstPass, '/Missing.tsx', [])).toThrow(/no chunk for \/Missing.tsx/);
    expect(() => chunkPlan(firstPass.slice(1), '/App.tsx', [])).toThrow(/no entry chunk/);
  });
});
