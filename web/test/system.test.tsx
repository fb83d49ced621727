import { ChakraProvider, createListCollection } from '@chakra-ui/react';
import { recipes as allRecipes, slotRecipes as allSlotRecipes } from '@chakra-ui/react/theme';
import { render } from '@testing-library/react';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { recipes, runtimeSystem, slotRecipes, system } from '../src/app/system.ts';
import { Avatar } from '../src/components/chakra/Avatar.ts';
import { Checkbox } from '../src/components/chakra/Checkbox.ts';
import { Code } from '../src/components/chakra/Code.ts';
import { Collapsible } from '../src/components/chakra/Collapsible.ts';
import { Combobox } from '../src/components/chakra/Combobox.ts';
import { Container } from '../src/components/chakra/Container.ts';
import { Dialog } from '../src/components/chakra/Dialog.ts';
import { Drawer } from '../src/components/chakra/Drawer.ts';
import { EmptyState } from '../src/components/chakra/EmptyState.ts';
import { Field } from '../src/components/chakra/Field.ts';
import { Fieldset } from '../src/components/chakra/Fieldset.ts';
import { Input } from '../src/components/chakra/Input.ts';
import { List } from '../src/components/chakra/List.ts';
import { Menu } from '../src/components/chakra/Menu.ts';
import { NativeSelect } from '../src/components/chakra/NativeSelect.ts';
import { Progress } from '../src/components/chakra/Progress.ts';
import { RadioGroup } from '../src/components/chakra/RadioGroup.ts';
import { SegmentGroup } from '../src/components/chakra/SegmentGroup.ts';
import { Separator } from '../src/components/chakra/Separator.ts';
import { Skeleton } from '../src/components/chakra/Skeleton.ts';
import { Stat } from '../src/components/chakra/Stat.ts';
import { Switch } from '../src/components/chakra/Switch.ts';
import { Tabs } from '../src/components/chakra/Tabs.ts';
import { Textarea } from '../src/components/chakra/Textarea.ts';

const SRC = path.resolve(import.meta.dirname, '../src');
/** Components that carry their own recipe (src/components/chakra/with-recipe.ts). */
const OWN_RECIPE_DIR = path.join(SRC, 'components/chakra');

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

const recipeKey = (name: string) => ALIASES[name] ?? name.charAt(0).toLowerCase() + name.slice(1);

/** The modules of components/chakra/ by the component they export (Dialog.ts → Dialog). */
const ownRecipeModules = readdirSync(OWN_RECIPE_DIR)
  .filter((f) => /^[A-Z]\w*\.ts$/.test(f))
  .map((f) => f.replace(/\.ts$/, ''));

/**
 * Each component of components/chakra/ rendered in the app's system with an element its recipe
 * names (`chakra-tabs__root`): without the recipe Chakra renders the element with no class and
 * no styles.
 */
const STYLED: Record<string, { element: ReactNode; className: string }> = {
  Avatar: { element: <Avatar.Root />, className: 'chakra-avatar__root' },
  Checkbox: { element: <Checkbox.Root />, className: 'chakra-checkbox__root' },
  Code: { element: <Code>x</Code>, className: 'chakra-code' },
  Collapsible: { element: <Collapsible.Root />, className: 'chakra-collapsible__root' },
  Combobox: {
    element: (
      <Combobox.Root collection={createListCollection<string>({ items: [] })}>
        <Combobox.Control>
          <Combobox.Input />
        </Combobox.Control>
      </Combobox.Root>
    ),
    className: 'chakra-combobox__input',
  },
  Container: { element: <Container />, className: 'chakra-container' },
  Dialog: {
    element: (
      <Dialog.Root>
        <Dialog.Trigger />
      </Dialog.Root>
    ),
    className: 'chakra-dialog__trigger',
  },
  Drawer: {
    element: (
      <Drawer.Root>
        <Drawer.Trigger />
      </Drawer.Root>
    ),
    className: 'chakra-drawer__trigger',
  },
  EmptyState: { element: <EmptyState.Root />, className: 'chakra-empty-state__root' },
  Field: { element: <Field.Root />, className: 'chakra-field__root' },
  Fieldset: { element: <Fieldset.Root />, className: 'fieldset__root' },
  Input: { element: <Input />, className: 'chakra-input' },
  List: { element: <List.Root />, className: 'chakra-list__root' },
  Menu: {
    element: (
      <Menu.Root>
        <Menu.Trigger />
      </Menu.Root>
    ),
    className: 'chakra-menu__trigger',
  },
  NativeSelect: { element: <NativeSelect.Root />, className: 'chakra-native-select__root' },
  Progress: { element: <Progress.Root />, className: 'chakra-progress__root' },
  RadioGroup: { element: <RadioGroup.Root />, className: 'chakra-radio-group__root' },
  SegmentGroup: { element: <SegmentGroup.Root />, className: 'chakra-segment-group__root' },
  Separator: { element: <Separator />, className: 'chakra-separator' },
  Skeleton: { element: <Skeleton />, className: 'chakra-skeleton' },
  Stat: { element: <Stat.Root />, className: 'chakra-stat__root' },
  Switch: { element: <Switch.Root />, className: 'chakra-switch__root' },
  Tabs: { element: <Tabs.Root />, className: 'chakra-tabs__root' },
  Textarea: { element: <Textarea />, className: 'chakra-textarea' },
};

describe('Chakra system', () => {
  it('styles every Chakra component the app imports: by the system or by its own recipe', () => {
    const missing: string[] = [];
    for (const file of sourceFiles(SRC)) {
      const ownModule = path.dirname(file) === OWN_RECIPE_DIR ? path.basename(file, '.ts') : null;
      for (const name of chakraImports(readFileSync(file, 'utf8'))) {
        const key = recipeKey(name);
        const exists = key in allRecipes || key in allSlotRecipes;
        const inSystem = key in recipes || key in slotRecipes;
        // A module may style its component's variants too (Skeleton.ts: SkeletonText).
        const ownKey = ownModule === null ? null : recipeKey(ownModule);
        if (exists && !inSystem && key !== ownKey) {
          missing.push(`${path.relative(SRC, file)}: ${name} → ${key}`);
        }
      }
    }
    expect(
      missing,
      'import these from src/components/chakra/ (add a module there) or add their recipes to src/app/system.ts',
    ).toEqual([]);
  });

  it('keeps the recipes of components/chakra/ out of the system', () => {
    const inSystem = ownRecipeModules.filter((name) => {
      const key = recipeKey(name);
      return key in recipes || key in slotRecipes;
    });
    expect(inSystem, 'one way to style each component').toEqual([]);
  });

  it("inserts none of the global CSS at start with the app's system (index.html carries it)", () => {
    const cssInHead = () =>
      Array.from(document.head.querySelectorAll('style'), (s) => s.textContent).join('');
    const before = cssInHead();
    render(<ChakraProvider value={runtimeSystem}>{null}</ChakraProvider>);
    expect(cssInHead().slice(before.length)).toBe('@layer reset,base,tokens,recipes;');
    render(<ChakraProvider value={system}>{null}</ChakraProvider>);
    expect(cssInHead().length - before.length).toBeGreaterThan(40_000);
  });

  it.each(ownRecipeModules)('renders %s with its own recipe', (name) => {
    const styled = STYLED[name];
    expect(styled, `add ${name} to STYLED in this test`).toBeDefined();
    const { container } = render(<ChakraProvider value={system}>{styled?.element}</ChakraProvider>);
    expect(container.querySelector(`.${styled?.className}`)).not.toBeNull();
  });
});
