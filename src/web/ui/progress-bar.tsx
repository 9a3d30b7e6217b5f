import type { Tone } from '../../core';

interface ProgressBarProps {
  value: number;
  /** Names the bar for assistive technology, e.g. "Audit progress". */
  label: string;
  /** Read out instead of the bare number, e.g. "72 per cent, Good". */
  valueText?: string;
  tone?: Tone | 'brand';
  size?: 'small' | 'large';
}

/** A `progressbar` with its value, so screen readers announce it; the fill's width is the only inline style. */
export function ProgressBar({ value, label, valueText, tone = 'brand', size = 'small' }: ProgressBarProps) {
  const clamped = Math.max(0, Math.min(100, Math.round(value)));
  return (
    <div
      className={`progress progress--${tone} progress--${size}`}
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={clamped}
      aria-valuetext={valueText ?? `${clamped}%`}
    >
      <div className="progress__fill" style={{ width: `${clamped}%` }} />
    </div>
  );
}
