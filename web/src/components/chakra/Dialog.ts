import { Dialog as ChakraDialog, type SlotRecipeDefinition } from '@chakra-ui/react';
import { dialogSlotRecipe } from '@chakra-ui/react/theme';
import { withSlotRecipe } from './with-recipe.ts';

const { base, variants } = dialogSlotRecipe;

/**
 * Chakra's dialog recipe, keeping the toast lane free on phones (docs/decisions.md, "Where toasts
 * appear"): the positioner leaves room below a dialog, so its footer never lies under a toast.
 * Full-screen dialogs (the photo viewer) fill the screen.
 */
const dialogRecipe: SlotRecipeDefinition = {
  ...dialogSlotRecipe,
  base: { ...base, positioner: { ...base?.positioner, pb: { base: '24', md: '0' } } },
  variants: {
    ...variants,
    size: {
      ...variants?.size,
      full: { ...variants?.size?.full, positioner: { pb: '0' } },
    },
  },
};

/** Chakra's Dialog, styled by its own recipe rather than the system's (with-recipe.ts). */
export const Dialog = withSlotRecipe(ChakraDialog, dialogRecipe);
