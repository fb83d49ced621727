import { Avatar as ChakraAvatar } from '@chakra-ui/react';
import { avatarSlotRecipe } from '@chakra-ui/react/theme';
import { withSlotRecipe } from './with-recipe.ts';

/** Chakra's Avatar, styled by its own recipe rather than the system's (with-recipe.ts). */
export const Avatar = withSlotRecipe(ChakraAvatar, avatarSlotRecipe);
