import { ChakraProvider } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { Toaster } from '../components/toaster.tsx';
import { ColorModeProvider } from '../lib/color-mode.tsx';
import { SessionProvider } from '../lib/session.tsx';
import { runtimeSystem } from './system.ts';

/**
 * Root providers: only what a signed-out first screen needs (Chakra, colour mode, the session,
 * whose Firebase Auth loads on demand, toasts). Firestore, Storage and reactfire live in
 * DataProviders, loaded lazily.
 */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <ChakraProvider value={runtimeSystem}>
      <ColorModeProvider>
        <SessionProvider>
          {children}
          <Toaster />
        </SessionProvider>
      </ColorModeProvider>
    </ChakraProvider>
  );
}
