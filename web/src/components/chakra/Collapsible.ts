import { Collapsible as ChakraCollapsible } from '@chakra-ui/react';
import { collapsibleSlotRecipe } from '@chakra-ui/react/theme';
import { withSlotRecipe } from './with-recipe.ts';

/** Chakra's Collapsible, styled by its own recipe rather than the system's (with-recipe.ts). */
export const Collapsible = withSlotRecipe(ChakraCollapsible, collapsibleSlotRecipe);
