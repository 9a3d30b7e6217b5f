import { useMemo } from 'react';
import { buildReport, type Report, type ReportContext, type Responses } from '../../../core';
import { ResultsView, type ResultsViewSlots } from './results-view';

export { buildReport };

/** What a results page hands the view: the answers and what the report adds to them. */
export interface ReportInput {
  responses: Responses;
  /** The report's date: now after the audit, the stored request's time on the private page. */
  generatedAt: Date;
  context: ReportContext;
  /** Whether there are any answers at all (a page opened without an audit has none). */
  answered: boolean;
}

/** The report built from the input, as every results page shows it, with the page's own parts in its slots. */
export function ReportView({ input, slots }: { input: ReportInput; slots?: ResultsViewSlots }) {
  const { responses, generatedAt, context, answered } = input;
  const report: Report = useMemo(
    () => buildReport(responses, generatedAt, context),
    [responses, generatedAt, context],
  );
  return <ResultsView report={report} answered={answered} slots={slots} />;
}
