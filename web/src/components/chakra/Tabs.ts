import { Tabs as ChakraTabs } from '@chakra-ui/react';
import { tabsSlotRecipe } from '@chakra-ui/react/theme';
import { withSlotRecipe } from './with-recipe.ts';

/** Chakra's Tabs, styled by its own recipe rather than the system's (with-recipe.ts). */
export const Tabs = withSlotRecipe(ChakraTabs, tabsSlotRecipe);
