import { Container as ChakraContainer } from '@chakra-ui/react';
import { containerRecipe } from '@chakra-ui/react/theme';
import { withRecipe } from './with-recipe.ts';

/** Chakra's Container, styled by its own recipe rather than the system's (with-recipe.ts). */
export const Container = withRecipe(ChakraContainer, containerRecipe);
