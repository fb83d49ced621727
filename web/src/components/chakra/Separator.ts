import { Separator as ChakraSeparator } from '@chakra-ui/react';
import { separatorRecipe } from '@chakra-ui/react/theme';
import { withRecipe } from './with-recipe.ts';

/** Chakra's Separator, styled by its own recipe rather than the system's (with-recipe.ts). */
export const Separator = withRecipe(ChakraSeparator, separatorRecipe);
