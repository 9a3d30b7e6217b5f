import { Fragment } from 'react';

/**
 * An e-mail address that may wrap after its "@" and before each dot of its domain, and nowhere else:
 * a long address then fits a narrow column without widening the table, and is never split mid-word.
 * The text (and so a link's name) is the address unchanged.
 */
export function Address({ value }: { value: string }) {
  const at = value.lastIndexOf('@');
  if (at < 0) return value;
  const [first, ...rest] = value.slice(at + 1).split('.');
  return (
    <>
      {value.slice(0, at + 1)}
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
