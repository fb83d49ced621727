import { NativeSelect as ChakraNativeSelect } from '@chakra-ui/react';
import { nativeSelectSlotRecipe } from '@chakra-ui/react/theme';
import { withSlotRecipe } from './with-recipe.ts';

/** Chakra's NativeSelect, styled by its own recipe rather than the system's (with-recipe.ts). */
export const NativeSelect = withSlotRecipe(ChakraNativeSelect, nativeSelectSlotRecipe);
