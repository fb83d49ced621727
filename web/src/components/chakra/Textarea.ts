import { Textarea as ChakraTextarea } from '@chakra-ui/react';
import { textareaRecipe } from '@chakra-ui/react/theme';
import { withRecipe } from './with-recipe.ts';

/** Chakra's Textarea, styled by its own recipe rather than the system's (with-recipe.ts). */
export const Textarea = withRecipe(ChakraTextarea, textareaRecipe);
