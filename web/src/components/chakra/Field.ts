import { Field as ChakraField } from '@chakra-ui/react';
import { fieldSlotRecipe } from '@chakra-ui/react/theme';
import { withSlotRecipe } from './with-recipe.ts';

/** Chakra's Field, styled by its own recipe rather than the system's (with-recipe.ts). */
export const Field = withSlotRecipe(ChakraField, fieldSlotRecipe);
