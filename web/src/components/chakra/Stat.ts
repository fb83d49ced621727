import { Stat as ChakraStat } from '@chakra-ui/react';
import { statSlotRecipe } from '@chakra-ui/react/theme';
import { withSlotRecipe } from './with-recipe.ts';

/** Chakra's Stat, styled by its own recipe rather than the system's (with-recipe.ts). */
export const Stat = withSlotRecipe(ChakraStat, statSlotRecipe);
