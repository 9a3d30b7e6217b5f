import { Fragment } from 'react';
import { addressParts } from '../shared/address-breaks';

/**
 * An e-mail address that may wrap only after its "@" or a "." (`addressParts`), never mid-word: each
 * part holds together (`white-space: nowrap`, so not even a hyphen breaks it) and a `<wbr>` stands
 * between parts. With `whole`, only after the "@": for a team member's address, short enough to
 * read unbroken. The text (and so a link's name or a copy) is the address unchanged. Text without
 * an "@" (a name, a source) is returned as it is. The one way both apps show an address.
 */
export function Address({ value, whole = false }: { value: string; whole?: boolean }) {
  const parts = addressParts(value, { whole });
  if (parts.length === 1 && !value.includes('@')) return value;
  return (
    <span className="email-address">
      {parts.map((part, index) => (
        <Fragment key={index}>
          {index > 0 ? <wbr /> : null}
          <span className="email-address__part">{part}</span>
        </Fragment>
      ))}
    </span>
  );
}
