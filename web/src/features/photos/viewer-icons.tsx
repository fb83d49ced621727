// The viewer's line icons (components/line-icon.tsx), kept here: only the viewer and the
// dashboard banner's slide controls use them.
import { lineIcon as make } from '../../components/line-icon.tsx';

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
