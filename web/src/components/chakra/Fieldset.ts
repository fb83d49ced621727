import { Fieldset as ChakraFieldset } from '@chakra-ui/react';
import { fieldsetSlotRecipe } from '@chakra-ui/react/theme';
import { withSlotRecipe } from './with-recipe.ts';

/** Chakra's Fieldset, styled by its own recipe rather than the system's (with-recipe.ts). */
export const Fieldset = withSlotRecipe(ChakraFieldset, fieldsetSlotRecipe);
