import type { ReactNode } from 'react';
import type { Report } from '../../../core';
import { AreaResultCard } from './area-result-card';
import { ComparisonNote } from './comparison';
import { KeyQuestionView } from './key-questions';
import { OverallScore } from '../../results-parts/overall-score';
import { Priorities } from './priorities';
import './results.css';
import './insight.css';

export interface ResultsViewSlots {
  afterOverall?: ReactNode;
  besideComparison?: ReactNode;
}

interface ResultsViewProps {
  report: Report;
  answered: boolean;
  slots?: ResultsViewSlots;
}

/**
 * What a report says, as both results pages show it (after the audit, and from the private link):
 * overall score, priorities, a card per area, the key-question view. Without answers (a page opened
 * with no audit) there are no priorities to name, so that section is left out rather than saying
 * nothing is urgent. A page adds its own parts through the slots: what it offers right after the
 * overall score (its actions, so a phone need not scroll past every area to reach them), and what
 * it asks beside the comparison (the service profile).
 */
export function ResultsView({ report, answered, slots = {} }: ResultsViewProps) {
  return (
    <>
      <OverallScore report={report} />
      {slots.afterOverall}
      {answered ? <Priorities priorities={report.priorities} /> : null}

      <h2 className="section__title section__title--left">Scores by area</h2>
      {slots.besideComparison}
      <ComparisonNote comparison={report.comparison} />
      <ul className="result-cards">
        {report.areas.map((area) => (
          <AreaResultCard key={area.id} area={area} earlierOn={report.earlier?.takenOn} />
        ))}
      </ul>

      <KeyQuestionView scores={report.keyQuestions} frameworkName={report.frameworkName} />
    </>
  );
}
