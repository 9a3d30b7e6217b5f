import {
  NO_PRIORITIES,
  PRIORITIES_HEADING,
  PRIORITIES_INTRO,
  dsptStandardName,
  ratingGiven,
  type Priority,
} from '../../../core';

/**
 * "Your priorities": the statements rated 1 or 2, lowest first, each with the next step to take.
 * Ordered, because the order is the advice: start at the top.
 */
export function Priorities({ priorities }: { priorities: readonly Priority[] }) {
  return (
    <section className="card priorities" aria-labelledby="priorities-title">
      <h2 id="priorities-title">{PRIORITIES_HEADING}</h2>
      {priorities.length === 0 ? (
        <p className="priorities__none">{NO_PRIORITIES}</p>
      ) : (
        <>
          <p className="priorities__intro">{PRIORITIES_INTRO}</p>
          <ol className="priorities__list">
            {priorities.map((priority) => (
              <PriorityItem key={`${priority.areaId}-${priority.question}`} priority={priority} />
            ))}
          </ol>
        </>
      )}
    </section>
  );
}

function PriorityItem({ priority }: { priority: Priority }) {
  return (
    <li className="priority">
      <h3 className="priority__title">{priority.label}</h3>
      <p className="priority__meta">
        {priority.areaTitle} · {ratingGiven(priority.rating)}
      </p>
      <p className="priority__step">
        <strong>Next step:</strong> {priority.nextStep}
      </p>
      <p className="priority__evidence">
        Evidence for CQC key {priority.keyQuestions.length === 1 ? 'question' : 'questions'}:{' '}
        {priority.keyQuestions.join(', ')}
        {priority.dspt === undefined ? null : `. ${dsptStandardName(priority.dspt)}`}
      </p>
    </li>
  );
}
