import type { RecipeDefinition, SlotRecipeDefinition } from '@chakra-ui/react';
import { createElement, type ComponentType } from 'react';

/*
 * Components styled by a recipe they carry rather than by the Chakra system (docs/decisions.md,
 * "Recipes of lazily loaded components"). Every recipe in the system (app/system.ts) is in the
 * entry chunk every visitor downloads; a component only lazily loaded code uses takes its recipe
 * through Chakra's `recipe` prop instead, so the recipe travels in the chunk of its users. The
 * recipe prop is typed on every styled Chakra component and wins over the system's recipe by key.
 */

type Parts = { Root: ComponentType<never> };

/** A slot component's parts (`Dialog`, `Tabs`, ...) whose Root styles them all with `recipe`. */
export function withSlotRecipe<P extends Parts>(parts: P, recipe: SlotRecipeDefinition): P {
  const ChakraRoot = parts.Root as ComponentType<{ recipe: SlotRecipeDefinition }>;
  // A function component: React 19 passes `ref` as a prop, so the spread forwards it.
  function Root(props: object) {
    return createElement(ChakraRoot, { ...props, recipe });
  }
  Root.displayName = `${recipe.className ?? 'Recipe'}.Root`;
  return { ...parts, Root } as P;
}

/** A single-part component (`Input`, `Textarea`, ...) styled with `recipe`. */
export function withRecipe<C extends ComponentType<never>>(
  Component: C,
  recipe: RecipeDefinition,
): C {
  const Chakra = Component as ComponentType<{ recipe: RecipeDefinition }>;
  function Styled(props: object) {
    return createElement(Chakra, { ...props, recipe });
  }
  Styled.displayName = recipe.className ?? 'Recipe';
  return Styled as unknown as C;
}
