import type { Ref } from 'react';
import { HONEYPOT_FIELD } from '../../shared/bot-check';

/**
 * The honeypot field of a form the server guards against bots. People never meet it: it is out of
 * sight (the bot-trap class), hidden from assistive technology (aria-hidden), out of the tab order
 * (tabindex -1) and never autofilled (autocomplete off). Programs that fill in every field they
 * find fill it in, and the server then refuses the request. The form reads its value through ref.
 */
export function Honeypot({ ref }: { ref: Ref<HTMLInputElement> }) {
  return (
    <div className="bot-trap" aria-hidden="true">
      <label htmlFor={HONEYPOT_FIELD}>Website</label>
      <input
        id={HONEYPOT_FIELD}
        name={HONEYPOT_FIELD}
        type="text"
        tabIndex={-1}
        autoComplete="off"
        defaultValue=""
        ref={ref}
      />
    </div>
  );
}
