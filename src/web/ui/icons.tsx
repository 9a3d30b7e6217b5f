import type { AreaId } from '../../core';

// Simple line icons drawn inline: no icon font, no extra request. They are decorative: the
// text next to each one says the same thing.
const AREA_PATHS: Record<AreaId, string> = {
  operational:
    'M12 8a4 4 0 1 0 0 8 4 4 0 0 0 0-8zm8 4h2M2 12h2m8-10v2m0 16v2m7.07-17.07-1.41 1.41M6.34 17.66l-1.41 1.41m0-14.14 1.41 1.41m11.32 11.32 1.41 1.41',
  compliance: 'M12 2 4 5v6c0 5 3.4 9.4 8 11 4.6-1.6 8-6 8-11V5l-8-3zm-3 10 2 2 4-4',
  quality:
    'M20.8 4.6a5.5 5.5 0 0 0-7.8 0L12 5.7l-1-1.1a5.5 5.5 0 0 0-7.8 7.8l1 1.1L12 21l7.8-7.5 1-1.1a5.5 5.5 0 0 0 0-7.8z',
  training: 'M22 10 12 5 2 10l10 5 10-5zM6 12v5c3 2 9 2 12 0v-5',
  data: 'M12 3c4.4 0 8 1.3 8 3s-3.6 3-8 3-8-1.3-8-3 3.6-3 8-3zm8 3v6c0 1.7-3.6 3-8 3s-8-1.3-8-3V6m16 6v6c0 1.7-3.6 3-8 3s-8-1.3-8-3v-6',
};

/** One stroked path in a 24 × 24 box, hidden from assistive technology. */
function LineIcon({
  d,
  size,
  strokeWidth = 2,
  className,
}: {
  d: string;
  size: number;
  strokeWidth?: number;
  className?: string;
}) {
  return (
    <svg
      className={className}
      viewBox="0 0 24 24"
      width={size}
      height={size}
      aria-hidden="true"
      focusable="false"
    >
      <path
        d={d}
        fill="none"
        stroke="currentColor"
        strokeWidth={strokeWidth}
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

export function AreaIcon({ area, className }: { area: AreaId; className?: string }) {
  return <LineIcon d={AREA_PATHS[area]} size={24} className={className} />;
}

export function CheckIcon({ className }: { className?: string }) {
  return <LineIcon d="M5 12.5 10 17.5 19 7" size={20} strokeWidth={2.5} className={className} />;
}

export function ArrowLeftIcon() {
  return <LineIcon d="M19 12H5m6-6-6 6 6 6" size={18} />;
}
