import { Combobox as ChakraCombobox } from '@chakra-ui/react';
import { comboboxSlotRecipe } from '@chakra-ui/react/theme';
import { withSlotRecipe } from './with-recipe.ts';

/** Chakra's Combobox, styled by its own recipe rather than the system's (with-recipe.ts). */
export const Combobox = withSlotRecipe(ChakraCombobox, comboboxSlotRecipe);
