import { EmptyState as ChakraEmptyState } from '@chakra-ui/react';
import { emptyStateSlotRecipe } from '@chakra-ui/react/theme';
import { withSlotRecipe } from './with-recipe.ts';

/** Chakra's EmptyState, styled by its own recipe rather than the system's (with-recipe.ts). */
export const EmptyState = withSlotRecipe(ChakraEmptyState, emptyStateSlotRecipe);
