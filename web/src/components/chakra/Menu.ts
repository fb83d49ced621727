import { Menu as ChakraMenu } from '@chakra-ui/react';
import { menuSlotRecipe } from '@chakra-ui/react/theme';
import { withSlotRecipe } from './with-recipe.ts';

/** Chakra's Menu, styled by its own recipe rather than the system's (with-recipe.ts). */
export const Menu = withSlotRecipe(ChakraMenu, menuSlotRecipe);
