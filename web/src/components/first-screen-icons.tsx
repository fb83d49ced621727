// The icons the first screens draw (an invitation, an event link, the landing page and the error
// screen every route may show), apart from components/icons.tsx so those screens download only
// these (docs/performance.md, "First screens").
import { lineIcon as make } from './line-icon.tsx';

export const AlertIcon = make(
  'AlertIcon',
  <>
    <path d="M10.29 3.86 1.82 18a2 2 0 0 0 1.71 3h16.94a2 2 0 0 0 1.71-3L13.71 3.86a2 2 0 0 0-3.42 0z" />
    <path d="M12 9v4M12 17h.01" />
  </>,
);
export const SparklesIcon = make(
  'SparklesIcon',
  <path d="M12 3l1.9 5.8L20 10l-6.1 1.2L12 17l-1.9-5.8L4 10l6.1-1.2zM19 17l.8 2.2L22 20l-2.2.8L19 23l-.8-2.2L16 20l2.2-.8zM5 2l.6 1.4L7 4l-1.4.6L5 6l-.6-1.4L3 4l1.4-.6z" />,
);
