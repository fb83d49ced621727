// Display formats for travel times (ISO instants shown in the viewer's local time).
const shortDate = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
const time = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit' });
const dateTime = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

function parse(iso: string): Date | null {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? null : d;
}

export function formatShortDate(iso: string): string {
  const d = parse(iso);
  return d ? shortDate.format(d) : '';
}

export function formatTime(iso: string): string {
  const d = parse(iso);
  return d ? time.format(d) : '';
}

export function formatDateTime(iso: string): string {
  const d = parse(iso);
  return d ? dateTime.format(d) : '';
}
