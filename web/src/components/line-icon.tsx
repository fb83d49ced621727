import { Icon, type IconProps } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/** A line icon (24 px grid, 2 px stroke) drawn inline so no icon font or package is needed. */
export function lineIcon(name: string, paths: ReactNode) {
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
