import { changeParts } from '../../core';

/**
 * A retake's change in points against the earlier result: "+8 points since your audit on
 * 12 November 2026", in the report's words. The sign is in the words, so the change never depends
 * on colour or an arrow to be understood.
 */
export function ChangeSince({ points, takenOn }: { points: number; takenOn: string }) {
  const direction = points > 0 ? 'up' : points < 0 ? 'down' : 'same';
  const { amount, since } = changeParts(points, takenOn);
  return (
    <p className={`change change--${direction}`}>
      <span className="change__points">{amount}</span> {since}
    </p>
  );
}
