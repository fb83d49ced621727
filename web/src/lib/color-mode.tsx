import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
  type ReactNode,
} from 'react';
import { THEME_STORAGE_KEY } from './storage-keys.ts';

export type ColorMode = 'light' | 'dark';

interface ColorModeValue {
  colorMode: ColorMode;
  setColorMode(mode: ColorMode): void;
  toggleColorMode(): void;
}

/** Stored preference ('dark' | 'light'), else the system preference (docs/web.md). */
export function initialColorMode(): ColorMode {
  try {
    const stored = localStorage.getItem(THEME_STORAGE_KEY);
    if (stored === 'dark' || stored === 'light') return stored;
  } catch {
    // Storage blocked: fall through to the system preference.
  }
  return typeof window.matchMedia === 'function' &&
    window.matchMedia('(prefers-color-scheme: dark)').matches
    ? 'dark'
    : 'light';
}

function applyToDocument(mode: ColorMode) {
  const root = document.documentElement;
  root.classList.toggle('dark', mode === 'dark');
  root.classList.toggle('light', mode === 'light');
  root.style.colorScheme = mode;
}

const ColorModeContext = createContext<ColorModeValue | null>(null);

export function ColorModeProvider({ children }: { children: ReactNode }) {
  const [colorMode, setMode] = useState<ColorMode>(initialColorMode);

  useEffect(() => applyToDocument(colorMode), [colorMode]);
  // A change in another tab (the stored preference) applies here too.
  useEffect(() => {
    const follow = (e: StorageEvent) => {
      if (e.key === THEME_STORAGE_KEY && (e.newValue === 'dark' || e.newValue === 'light'))
        setMode(e.newValue);
    };
    window.addEventListener('storage', follow);
    return () => window.removeEventListener('storage', follow);
  }, []);

  const setColorMode = useCallback((mode: ColorMode) => {
    setMode(mode);
    try {
      localStorage.setItem(THEME_STORAGE_KEY, mode);
    } catch {
      // Preference just isn't remembered.
    }
  }, []);
  const toggleColorMode = useCallback(
    () => setColorMode(colorMode === 'dark' ? 'light' : 'dark'),
    [colorMode, setColorMode],
  );

  const value = useMemo(
    () => ({ colorMode, setColorMode, toggleColorMode }),
    [colorMode, setColorMode, toggleColorMode],
  );
  return <ColorModeContext.Provider value={value}>{children}</ColorModeContext.Provider>;
}

export function useColorMode(): ColorModeValue {
  const value = useContext(ColorModeContext);
  if (!value) throw new Error('useColorMode must be used inside <ColorModeProvider>');
  return value;
}
