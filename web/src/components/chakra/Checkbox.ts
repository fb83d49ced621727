import { Checkbox as ChakraCheckbox } from '@chakra-ui/react';
import { checkboxSlotRecipe } from '@chakra-ui/react/theme';
import { withSlotRecipe } from './with-recipe.ts';

/** Chakra's Checkbox, styled by its own recipe rather than the system's (with-recipe.ts). */
export const Checkbox = withSlotRecipe(ChakraCheckbox, checkboxSlotRecipe);
