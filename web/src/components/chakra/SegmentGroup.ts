import { SegmentGroup as ChakraSegmentGroup } from '@chakra-ui/react';
import { segmentGroupSlotRecipe } from '@chakra-ui/react/theme';
import { withSlotRecipe } from './with-recipe.ts';

/** Chakra's SegmentGroup, styled by its own recipe rather than the system's (with-recipe.ts). */
export const SegmentGroup = withSlotRecipe(ChakraSegmentGroup, segmentGroupSlotRecipe);
