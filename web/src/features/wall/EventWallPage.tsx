// The wall for a signed-in member at /events/{id}/wall (docs/product.md, "Photo wall"): the same
// screen as a wall link's, fed by the member's own access.
import { PATHS, useRouteParams } from '../../lib/paths.ts';
import { useWallFeed } from './use-wall-feed.ts';
import { WallScreen } from './WallScreen.tsx';

export default function EventWallPage() {
  const { eventId } = useRouteParams(PATHS.eventWall);
  return <WallScreen state={useWallFeed({ kind: 'event', eventId })} />;
}
