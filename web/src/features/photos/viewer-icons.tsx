// The viewer's line icons, drawn like components/icons.tsx (kept here: only the viewer and the
// dashboard banner's slide controls use them).
import { Icon, type IconProps } from '@chakra-ui/react';
import type { ReactNode } from 'react';

function make(name: string, paths: ReactNode) {
  const Component = (props: IconProps) => (
    <Icon {...props} asChild>
      <svg
        width="1em"
        height="1em"
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
        aria-hidden="true"
      >
        {paths}
      </svg>
    </Icon>
  );
  Component.displayName = name;
  return Component;
}

export const ChevronLeftIcon = make('ChevronLeftIcon', <path d="m15 18-6-6 6-6" />);
export const ChevronRightIcon = make('ChevronRightIcon', <path d="m9 18 6-6-6-6" />);
export const CloseIcon = make('CloseIcon', <path d="M18 6 6 18M6 6l12 12" />);
export const DownloadIcon = make(
  'DownloadIcon',
  <path d="M12 3v12m0 0-5-5m5 5 5-5M4 17v2a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-2" />,
);
export const StarIcon = make(
  'StarIcon',
  <path d="m12 3 2.8 5.7 6.2.9-4.5 4.4 1.1 6.2L12 17.3 6.4 20.2l1.1-6.2L3 9.6l6.2-.9z" />,
);
