import type { Report } from '../../../core';
import { AreaResultCard } from './area-result-card';
import { ComparisonNote } from './comparison';
import { KeyQuestionView } from './key-questions';
import { OverallScore } from './overall-score';
import { Priorities } from './priorities';

/**
 * What a report says, as both results pages show it (after the audit, and from the private link):
 * overall score, priorities, a card per area, the key-question view. Without answers (a page opened
 * with no audit) there are no priorities to name, so that section is left out rather than saying
 * nothing is urgent.
 */
export function ResultsView({ report, answered }: { report: Report; answered: boolean }) {
  return (
    <>
      <OverallScore report={report} />
      {answered ? <Priorities priorities={report.priorities} /> : null}

      <h2 className="section__title section__title--left">Scores by area</h2>
      <ComparisonNote comparison={report.comparison} />
      <ul className="result-cards">
        {report.areas.map((area) => (
          <AreaResultCard key={area.id} area={area} earlierOn={report.earlier?.takenOn} />
        ))}
      </ul>

      <KeyQuestionView scores={report.keyQuestions} />
    </>
  );
}
