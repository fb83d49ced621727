import { Code as ChakraCode } from '@chakra-ui/react';
import { codeRecipe } from '@chakra-ui/react/theme';
import { withRecipe } from './with-recipe.ts';

/** Chakra's Code, styled by its own recipe rather than the system's (with-recipe.ts). */
export const Code = withRecipe(ChakraCode, codeRecipe);
