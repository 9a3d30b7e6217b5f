import { signedChange } from '../../../core';
import { formatDay } from './format-day';

/**
 * A retake's change in points against the earlier result: "+8 points since 12 November 2026". The
 * sign is in the words, so the change never depends on colour or an arrow to be understood.
 */
export function ChangeSince({ points, takenOn }: { points: number; takenOn: string }) {
  const direction = points > 0 ? 'up' : points < 0 ? 'down' : 'same';
  const unit = Math.abs(points) === 1 ? 'point' : 'points';
  return (
    <p className={`change change--${direction}`}>
      <span className="change__points">
        {signedChange(points)} {unit}
      </span>{' '}
      since your audit on {formatDay(takenOn)}
    </p>
  );
}
