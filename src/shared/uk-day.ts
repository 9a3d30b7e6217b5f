/**
 * The calendar day in the UK (Europe/London, GMT or BST as the date has it) at a moment, as
 * YYYY-MM-DD: the day the team means by "today" when a follow-up is due. Worked out here with the
 * runtime's own time-zone data and handed to the database as a parameter (the server) or compared with a lead's day (the workspace), because the database's
 * time-zone data (PGlite's especially) is not to be relied on.
 */

let formatter: Intl.DateTimeFormat | undefined;

export function ukDay(moment: Date): string {
  // Made on first use, so loading the module does nothing.
  formatter ??= new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/London',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  });
  const parts = Object.fromEntries(formatter.formatToParts(moment).map((part) => [part.type, part.value]));
  return `${parts.year}-${parts.month}-${parts.day}`;
}
