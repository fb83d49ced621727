import { Box, CloseButton, Text } from '@chakra-ui/react';
import { useEffect, useRef, useState, useSyncExternalStore, type PointerEvent } from 'react';
import { dismissToast, getToasts, subscribeToasts, type Toast } from './toast-store.ts';

export { showToast } from './toast-store.ts';
export type { ToastInput, ToastStatus } from './toast-store.ts';

const SWIPE_THRESHOLD_PX = 50;
const HOTKEY = 'F8';

const statusColors: Record<Toast['status'], { bg: string; border: string }> = {
  success: { bg: 'bg.panel', border: 'green.500' },
  error: { bg: 'red.600', border: 'red.700' },
  info: { bg: 'bg.panel', border: 'border' },
};

/** The toast viewport (docs/product.md, "Texts and messages"): F8 focuses it; one toast at a time. */
export function Toaster() {
  const toasts = useSyncExternalStore(subscribeToasts, getToasts, getToasts);
  const viewport = useRef<HTMLOListElement>(null);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === HOTKEY) viewport.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);

  return (
    <Box
      as="ol"
      ref={viewport}
      tabIndex={-1}
      aria-label={`Notifications (${HOTKEY})`}
      position="fixed"
      zIndex="toast"
      // Phones: above the bottom bar. Wider screens: top right under the header, where a toast
      // does not cover a form's submit row.
      bottom={{ base: '80px', md: 'auto' }}
      top={{ base: 'auto', md: '20' }}
      right="4"
      left={{ base: '4', md: 'auto' }}
      width={{ md: '380px' }}
      listStyleType="none"
      m="0"
      p="0"
      outline="none"
    >
      {toasts
        .filter((t) => t.open)
        .map((t) => (
          <ToastItem key={t.id} toast={t} />
        ))}
    </Box>
  );
}

function ToastItem({ toast }: { toast: Toast }) {
  const [paused, setPaused] = useState(0);
  const [offset, setOffset] = useState(0);
  const remaining = useRef(toast.duration);
  const startX = useRef<number | null>(null);

  // Auto-close, pausing (keeping the remaining time) while hovered or focused.
  useEffect(() => {
    if (paused > 0) return;
    const started = Date.now();
    const timer = setTimeout(() => dismissToast(toast.id), remaining.current);
    return () => {
      clearTimeout(timer);
      remaining.current = Math.max(0, remaining.current - (Date.now() - started));
    };
  }, [paused, toast.id]);

  const onPointerDown = (e: PointerEvent) => {
    startX.current = e.clientX;
  };
  const onPointerMove = (e: PointerEvent) => {
    if (startX.current !== null) setOffset(Math.max(0, e.clientX - startX.current));
  };
  const onPointerUp = (e: PointerEvent) => {
    if (startX.current === null) return;
    const dx = e.clientX - startX.current;
    startX.current = null;
    if (dx >= SWIPE_THRESHOLD_PX) dismissToast(toast.id);
    else setOffset(0);
  };

  const colors = statusColors[toast.status];
  const destructive = toast.status === 'error';
  return (
    <Box
      as="li"
      role="status"
      aria-live={destructive ? 'assertive' : 'polite'}
      aria-atomic="true"
      tabIndex={0}
      data-status={toast.status}
      onMouseEnter={() => setPaused((p) => p + 1)}
      onMouseLeave={() => setPaused((p) => Math.max(0, p - 1))}
      onFocus={() => setPaused((p) => p + 1)}
      onBlur={() => setPaused((p) => Math.max(0, p - 1))}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={() => {
        startX.current = null;
        setOffset(0);
      }}
      style={{ transform: `translateX(${offset}px)`, touchAction: 'pan-y' }}
      display="flex"
      alignItems="flex-start"
      gap="3"
      p="4"
      pr="10"
      position="relative"
      bg={colors.bg}
      color={destructive ? 'white' : 'fg'}
      borderWidth="1px"
      borderColor={colors.border}
      borderRadius="lg"
      boxShadow="lg"
    >
      <Box flex="1">
        <Text fontWeight="semibold" fontSize="sm">
          {toast.title}
        </Text>
        {toast.description && (
          <Text fontSize="sm" opacity={0.9}>
            {toast.description}
          </Text>
        )}
      </Box>
      <CloseButton
        size="xs"
        position="absolute"
        top="2"
        right="2"
        aria-label="Close"
        color="inherit"
        onClick={() => dismissToast(toast.id)}
      />
    </Box>
  );
}
