import { RadioGroup as ChakraRadioGroup } from '@chakra-ui/react';
import { radioGroupSlotRecipe } from '@chakra-ui/react/theme';
import { withSlotRecipe } from './with-recipe.ts';

/** Chakra's RadioGroup, styled by its own recipe rather than the system's (with-recipe.ts). */
export const RadioGroup = withSlotRecipe(ChakraRadioGroup, radioGroupSlotRecipe);
