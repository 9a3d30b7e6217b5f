import { addressParts } from '../../shared/address-breaks';
import { escapeHtml as e } from '../http/escape-html';

/**
 * An e-mail address as the e-mails' HTML shows it: escaped, and able to wrap only after its "@" or
 * a "." (`addressParts`), never mid-word or at a hyphen: each part in a `white-space:nowrap` span,
 * a `<wbr>` between parts (inline styles, as mail programs drop style sheets). The e-mails' one
 * way to print an address.
 */
export function addressHtml(address: string): string {
  return addressParts(address)
    .map((part) => `<span style="white-space:nowrap">${e(part)}</span>`)
    .join('<wbr>');
}
