import { useLayoutEffect, useRef, useState, type RefObject } from 'react';

/**
 * Charts drawn as SVG by React, at the width they are shown (so their text stays 12 px on a phone
 * and on a desktop). They are pictures for people who would rather look: each sits in a figure
 * beside a table with the same numbers, so the SVG itself is hidden from assistive technology.
 */

const FALLBACK_WIDTH = 560;

/** The element's content width, followed as the window resizes. */
function useWidth(ref: RefObject<HTMLElement | null>): number {
  const [width, setWidth] = useState(FALLBACK_WIDTH);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => setWidth(Math.max(200, Math.floor(element.clientWidth)));
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return width;
}

/** A round top for the value axis: 1, 2, 5, 10, 20, 50… at least `max`. */
export function niceMax(max: number): number {
  if (max <= 1) return 1;
  const power = 10 ** Math.floor(Math.log10(max));
  for (const step of [1, 2, 5, 10]) if (step * power >= max) return step * power;
  return 10 * power;
}

export interface DayValue {
  label: string;
  value: number;
}

/** A column per day, a faint line at the top of the scale, and the first, middle and last day named. */
export function DailyColumns({ days, barClass }: { days: readonly DayValue[]; barClass: string }) {
  const box = useRef<HTMLDivElement>(null);
  const width = useWidth(box);
  const height = 120;
  const top = 16;
  const bottom = 20;
  const left = 28;
  const plotHeight = height - top - bottom;
  const plotWidth = width - left;
  const max = niceMax(Math.max(0, ...days.map((d) => d.value)));
  const slot = plotWidth / Math.max(1, days.length);
  const barWidth = Math.max(2, slot * 0.7);
  const named = new Set([0, Math.floor((days.length - 1) / 2), days.length - 1]);
  return (
    <div ref={box}>
      <svg className="chart" width={width} height={height} aria-hidden="true" focusable="false">
        <line className="chart__grid" x1={left} x2={width} y1={top} y2={top} />
        <text x={left - 6} y={top + 4} textAnchor="end">
          {max}
        </text>
        <text x={left - 6} y={top + plotHeight + 4} textAnchor="end">
          0
        </text>
        <line className="chart__axis" x1={left} x2={width} y1={top + plotHeight} y2={top + plotHeight} />
        {days.map((day, index) => {
          const barHeight = (day.value / max) * plotHeight;
          const x = left + index * slot + (slot - barWidth) / 2;
          return (
            <g key={day.label}>
              {day.value > 0 ? (
                <rect
                  className={barClass}
                  x={x}
                  y={top + plotHeight - barHeight}
                  width={barWidth}
                  height={Math.max(1, barHeight)}
                  rx={Math.min(2, barWidth / 2)}
                />
              ) : null}
              {named.has(index) ? (
                <text
                  x={x + barWidth / 2}
                  y={height - 4}
                  textAnchor={index === 0 ? 'start' : index === days.length - 1 ? 'end' : 'middle'}
                >
                  {day.label}
                </text>
              ) : null}
            </g>
          );
        })}
      </svg>
    </div>
  );
}

export interface BarRow {
  key: string;
  label: string;
  value: number;
  /** What the bar's end says ("72%", "41 · 82%"); the value when absent. */
  valueText?: string;
  barClass: string;
}

/**
 * Horizontal bars, each under its label with its value at the right: long labels ("Compliance &
 * Regulations") never squeeze the bars on a phone.
 */
export function LabelledBars({ rows, max }: { rows: readonly BarRow[]; max: number }) {
  const box = useRef<HTMLDivElement>(null);
  const width = useWidth(box);
  const rowHeight = 44;
  const barHeight = 14;
  const scale = Math.max(1, max);
  return (
    <div ref={box}>
      <svg
        className="chart"
        width={width}
        height={rows.length * rowHeight}
        aria-hidden="true"
        focusable="false"
      >
        {rows.map((row, index) => {
          const y = index * rowHeight;
          const length = (Math.min(row.value, scale) / scale) * width;
          return (
            <g key={row.key}>
              <text x={0} y={y + 14}>
                {row.label}
              </text>
              <text className="chart__value" x={width} y={y + 14} textAnchor="end">
                {row.valueText ?? row.value}
              </text>
              <rect className="chart__bar--track" x={0} y={y + 20} width={width} height={barHeight} rx={4} />
              {length > 0 ? (
                <rect
                  className={row.barClass}
                  x={0}
                  y={y + 20}
                  width={Math.max(3, length)}
                  height={barHeight}
                  rx={4}
                />
              ) : null}
            </g>
          );
        })}
      </svg>
    </div>
  );
}
