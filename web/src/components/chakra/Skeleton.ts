import {
  Skeleton as ChakraSkeleton,
  SkeletonCircle as ChakraSkeletonCircle,
  SkeletonText as ChakraSkeletonText,
} from '@chakra-ui/react';
import { skeletonRecipe } from '@chakra-ui/react/theme';
import { withRecipe } from './with-recipe.ts';

/**
 * Chakra's Skeleton, styled by its own recipe rather than the system's (with-recipe.ts). The
 * text and circle variants hand the recipe on to the skeletons they draw.
 */
export const Skeleton = withRecipe(ChakraSkeleton, skeletonRecipe);
export const SkeletonText = withRecipe(ChakraSkeletonText, skeletonRecipe);
export const SkeletonCircle = withRecipe(ChakraSkeletonCircle, skeletonRecipe);
