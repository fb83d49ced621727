import { List as ChakraList } from '@chakra-ui/react';
import { listSlotRecipe } from '@chakra-ui/react/theme';
import { withSlotRecipe } from './with-recipe.ts';

/** Chakra's List, styled by its own recipe rather than the system's (with-recipe.ts). */
export const List = withSlotRecipe(ChakraList, listSlotRecipe);
