// The wall a wall link opens (docs/product.md, "Photo wall"): no account, the API only (no
// Firestore or Auth SDK loads), as a TV at the venue runs it.
import { PATHS, useRouteParams } from '../../lib/paths.ts';
import { useWallFeed } from './use-wall-feed.ts';
import { WallScreen } from './WallScreen.tsx';

export default function LinkWallPage() {
  const { secret } = useRouteParams(PATHS.wall);
  return <WallScreen state={useWallFeed({ kind: 'link', secret })} />;
}
