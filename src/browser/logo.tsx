// The brand mark, drawn inline (no extra request): the site's header and the team workspace both
// show it. Decorative: the name beside it says the same thing.
export function Logo() {
  return (
    <svg viewBox="0 0 32 32" width="32" height="32" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="7" fill="#0b3d5c" />
      <path
        d="M9 17l4.5 4.5L23 11"
        fill="none"
        stroke="#5eead4"
        strokeWidth="3.5"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
