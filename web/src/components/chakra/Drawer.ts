import { Drawer as ChakraDrawer } from '@chakra-ui/react';
import { drawerSlotRecipe } from '@chakra-ui/react/theme';
import { withSlotRecipe } from './with-recipe.ts';

/** Chakra's Drawer, styled by its own recipe rather than the system's (with-recipe.ts). */
export const Drawer = withSlotRecipe(ChakraDrawer, drawerSlotRecipe);
