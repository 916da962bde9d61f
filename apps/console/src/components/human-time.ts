const relative = new Intl.RelativeTimeFormat(undefined, { numeric: 'auto' });

/** A time as people read it: "10:32 (in 4 minutes)", never a raw ISO timestamp. */
export function humanTime(iso: string, now: number = Date.now()): string {
  const at = new Date(iso);
  const clock = at.toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' });
  const seconds = Math.round((at.getTime() - now) / 1000);
  const away =
    Math.abs(seconds) < 60
      ? relative.format(seconds, 'second')
      : Math.abs(seconds) < 3600
        ? relative.format(Math.round(seconds / 60), 'minute')
        : relative.format(Math.round(seconds / 3600), 'hour');
  return `${clock} (${away})`;
}
