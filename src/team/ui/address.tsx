import { Fragment } from 'react';

/**
 * An e-mail address that may wrap after its "@" and before each dot of its domain (and after a
 * hyphen, as any text may), never elsewhere: a long address fits a narrow column without widening
 * the table, and is never split mid-word. With `whole`, its two halves (up to the "@", and the
 * domain) each stay on one line: for a team member's address, short enough to read unbroken. The
 * text (and so a link's name) is the address unchanged.
 */
export function Address({ value, whole = false }: { value: string; whole?: boolean }) {
  const at = value.lastIndexOf('@');
  if (at < 0) return value;
  const local = value.slice(0, at + 1);
  const domain = value.slice(at + 1);
  if (whole)
    return (
      <>
        <span className="nowrap">{local}</span>
        <wbr />
        <span className="nowrap">{domain}</span>
      </>
    );
  const [first, ...rest] = domain.split('.');
  return (
    <>
      {local}
      <wbr />
      {first}
      {rest.map((part, index) => (
        <Fragment key={index}>
          <wbr />.{part}
        </Fragment>
      ))}
    </>
  );
}
