// The wall's line icons (components/line-icon.tsx): its remote-friendly controls and the
// featured star.
import { lineIcon as make } from '../../components/line-icon.tsx';

export const PreviousIcon = make('PreviousIcon', <path d="m15 18-6-6 6-6" />);
export const NextIcon = make('NextIcon', <path d="m9 18 6-6-6-6" />);
export const PauseIcon = make('PauseIcon', <path d="M8 5v14M16 5v14" />);
export const PlayIcon = make('PlayIcon', <path d="M7 4.5v15l12-7.5z" />);
export const FullscreenIcon = make(
  'FullscreenIcon',
  <path d="M4 9V4h5M20 9V4h-5M4 15v5h5M20 15v5h-5" />,
);
export const StarIcon = make(
  'StarIcon',
  <path d="m12 3 2.8 5.7 6.2.9-4.5 4.4 1.1 6.2L12 17.3 6.4 20.2l1.1-6.2L3 9.6l6.2-.9z" />,
);
