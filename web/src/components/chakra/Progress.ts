import { Progress as ChakraProgress } from '@chakra-ui/react';
import { progressSlotRecipe } from '@chakra-ui/react/theme';
import { withSlotRecipe } from './with-recipe.ts';

/** Chakra's Progress, styled by its own recipe rather than the system's (with-recipe.ts). */
export const Progress = withSlotRecipe(ChakraProgress, progressSlotRecipe);
