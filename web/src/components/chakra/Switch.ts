import { Switch as ChakraSwitch } from '@chakra-ui/react';
import { switchSlotRecipe } from '@chakra-ui/react/theme';
import { withSlotRecipe } from './with-recipe.ts';

/** Chakra's Switch, styled by its own recipe rather than the system's (with-recipe.ts). */
export const Switch = withSlotRecipe(ChakraSwitch, switchSlotRecipe);
