import { Box, CloseButton, Text } from '@chakra-ui/react';
import { useEffect, useRef, useState, useSyncExternalStore, type PointerEvent } from 'react';
import { dismissToast, getToasts, subscribeToasts, type Toast } from '../lib/toast-store.ts';

const SWIPE_THRESHOLD_PX = 50;
const HOTKEY = 'F8';

/**
 * The toast lane (docs/decisions.md, "Where toasts appear"), in Chakra spacing units. Phones:
 * the bottom edge, full width, at least as tall as the bottom bar it covers (the page and the
 * dialogs keep room for it below their end: AppShell's padding, system.ts). Wide screens: the
 * 16-unit side nav's column, 8 px from its sides and 80 px from the bottom, above its "View All
 * Events" button (16 px padding + 40 px button + 24 px gap).
 */
export const TOAST_LANE = {
  phone: { bottom: '0', inset: '0', minHeight: '16' },
  wide: { bottom: '20', left: '2', width: '60' },
} as const;

const statusColors: Record<Toast['status'], { bg: string; border: string }> = {
  success: { bg: 'bg.panel', border: 'green.500' },
  error: { bg: 'red.600', border: 'red.700' },
  info: { bg: 'bg.panel', border: 'border' },
};

/**
 * The toast region (docs/product.md, "Texts and messages"): F8 focuses it; one toast at a time.
 * A labelled landmark that is always present, so screen readers announce what is added to it
 * (the markup of Ark UI's toast group: a polite region of `status` items). It sits in the toast
 * lane (docs/decisions.md, "Where toasts appear"): phones, the bottom edge over the bottom bar;
 * wider screens, the foot of the side navigation, above "View All Events". Neither covers the
 * header, the banner, a dialog's footer or the end of a form.
 */
export function Toaster() {
  const toasts = useSyncExternalStore(subscribeToasts, getToasts, getToasts);
  const viewport = useRef<HTMLElement>(null);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === HOTKEY) viewport.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);

  return (
    <Box
      as="section"
      ref={viewport}
      tabIndex={-1}
      aria-label={`Notifications (${HOTKEY})`}
      aria-live="polite"
      aria-relevant="additions text"
      data-testid="toast-region"
      position="fixed"
      zIndex="toast"
      bottom={{ base: TOAST_LANE.phone.bottom, md: TOAST_LANE.wide.bottom }}
      left={{ base: TOAST_LANE.phone.inset, md: TOAST_LANE.wide.left }}
      right={{ base: TOAST_LANE.phone.inset, md: 'auto' }}
      width={{ md: TOAST_LANE.wide.width }}
      outline="none"
      // Empty, the region must not catch clicks meant for what lies under it.
      pointerEvents="none"
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
      role="status"
      aria-live={destructive ? 'assertive' : 'polite'}
      aria-atomic="true"
      tabIndex={0}
      data-status={toast.status}
      onMouseEnter={() => setPaused((p) => p + 1)}
      onMouseLeave={() => setPaused((p) => Math.max(0, p - 1))}
      onFocus={() => setPaused((p) => p + 1)}
      onBlur={() => setPaused((p) => Math.max(0, p - 1))}
      onKeyDown={(e) => {
        if (e.key === 'Escape') dismissToast(toast.id);
      }}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={() => {
        startX.current = null;
        setOffset(0);
      }}
      style={{ transform: `translateX(${offset}px)`, touchAction: 'pan-y' }}
      pointerEvents="auto"
      display="flex"
      alignItems="flex-start"
      gap="3"
      px="4"
      pt={{ base: '2.5', md: '3' }}
      pb={{ base: 'calc(0.625rem + env(safe-area-inset-bottom))', md: '3' }}
      minH={{ base: TOAST_LANE.phone.minHeight, md: 'auto' }}
      position="relative"
      bg={colors.bg}
      color={destructive ? 'white' : 'fg'}
      borderWidth="1px"
      borderBottomWidth={{ base: '0', md: '1px' }}
      borderColor={colors.border}
      borderTopRadius="lg"
      borderBottomRadius={{ base: '0', md: 'lg' }}
      boxShadow="lg"
    >
      <Box flex="1" minW="0">
        {/* Only the title's line makes room for the close button. */}
        <Text fontWeight="semibold" fontSize="sm" pr="6">
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
