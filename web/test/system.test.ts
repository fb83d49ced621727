import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { recipes as allRecipes, slotRecipes as allSlotRecipes } from '@chakra-ui/react/theme';
import { describe, expect, it } from 'vitest';
import { recipes, slotRecipes } from '../src/app/system.ts';

// Components styled by another component's recipe.
const ALIASES: Record<string, string> = {
  IconButton: 'button',
  CloseButton: 'button',
  SkeletonText: 'skeleton',
  SkeletonCircle: 'skeleton',
  InputGroup: 'inputAddon',
  InputAddon: 'inputAddon',
};

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? sourceFiles(full) : /\.tsx?$/.test(name) ? [full] : [];
  });
}

function chakraImports(source: string): string[] {
  const names: string[] = [];
  for (const m of source.matchAll(/import\s*{([^}]*)}\s*from\s*'@chakra-ui\/react'/g)) {
    for (const part of (m[1] ?? '').split(',')) {
      const name = part
        .trim()
        .replace(/^type\s+/, '')
        .split(/\s+as\s+/)[0];
      if (name) names.push(name);
    }
  }
  return names;
}

describe('Chakra system', () => {
  it('has the recipe of every Chakra component the app imports', () => {
    const srcDir = path.resolve(import.meta.dirname, '../src');
    const used = new Set(
      sourceFiles(srcDir).flatMap((f) => chakraImports(readFileSync(f, 'utf8'))),
    );
    const missing: string[] = [];
    for (const name of used) {
      const key = ALIASES[name] ?? name.charAt(0).toLowerCase() + name.slice(1);
      const exists = key in allRecipes || key in allSlotRecipes;
      const included = key in recipes || key in slotRecipes;
      if (exists && !included) missing.push(`${name} → ${key}`);
    }
    expect(missing, 'add these recipes to web/src/app/system.ts').toEqual([]);
  });
});
