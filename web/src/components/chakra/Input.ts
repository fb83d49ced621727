import { Input as ChakraInput } from '@chakra-ui/react';
import { inputRecipe } from '@chakra-ui/react/theme';
import { withRecipe } from './with-recipe.ts';

/** Chakra's Input, styled by its own recipe rather than the system's (with-recipe.ts). */
export const Input = withRecipe(ChakraInput, inputRecipe);
