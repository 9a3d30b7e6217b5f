/**
 * SQL for "this parameter, a number of milliseconds, as an interval": `now() + ${msInterval('$2')}`.
 * Durations travel as whole milliseconds, the unit the configuration and the code keep them in.
 */
export function msInterval(param: string): string {
  return `${param}::int * interval '1 millisecond'`;
}
