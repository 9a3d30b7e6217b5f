/** The site's tick mark (its favicon), drawn inline so the header needs no extra request. */
export function BrandMark({ className = 'brand__mark' }: { className?: string }) {
  return (
    <svg className={className} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
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
