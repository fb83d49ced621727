import { Button } from '@chakra-ui/react';
import { lazy, Suspense, useState } from 'react';
import { can } from '@gatherly/domain/roles';
import { eventTimeZone } from '@gatherly/domain/time-zones';
import { MegaphoneIcon } from '../../components/icons.tsx';
import { useEventScope } from '../../lib/event-scope.tsx';

// The composer's form library and schemas load when an admin opens it (docs/performance.md).
const AnnouncementDialog = lazy(() => import('./AnnouncementDialog.tsx'));

/** "Send Announcement" for admins and the creator (the activity card and screen); nothing for others. */
export function AnnounceButton({ size = 'sm' }: { size?: 'sm' | 'md' }) {
  const { eventId, event, role } = useEventScope();
  const [open, setOpen] = useState(false);
  if (!can(role, 'sendAnnouncements')) return null;
  return (
    <>
      <Button size={size} variant="outline" onClick={() => setOpen(true)}>
        <MegaphoneIcon />
        Send Announcement
      </Button>
      {open && (
        <Suspense fallback={null}>
          <AnnouncementDialog
            eventId={eventId}
            timeZone={eventTimeZone(event)}
            onClose={() => setOpen(false)}
          />
        </Suspense>
      )}
    </>
  );
}
