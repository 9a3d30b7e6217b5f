import { useMemo } from 'react';
import { formatDay, type Responses } from '../../../core';
import {
  NO_STATEMENT_CHANGED,
  STATEMENTS_CHANGED_HEADING,
  statementChangeText,
  wordingChangedNote,
} from '../../../core/content/statement-change-words';
import { compareStatements, type AnsweredWith } from '../../../core/content/compare-statements';
import { useContentVersion } from '../../content/use-content-version';
import { CONTENT_VERSION_1 } from '../../../core/content/content-v1';

export interface StatementsSinceProps {
  /** The result this one was retaken from: its day, answers and version. */
  earlier: { takenOn: string; responses: Responses; contentVersion: number };
  /** This result, with the words it is shown in. */
  later: AnsweredWith;
}

/**
 * The statements rated differently since the result before, compared only where a statement's key
 * continues (issue 34); when the two were answered in different versions the section says so, and
 * names the statements new in meaning that it leaves out. Waits, silently, for the earlier words.
 */
export function StatementsSince({ earlier, later }: StatementsSinceProps) {
  const words = useContentVersion(earlier.contentVersion, CONTENT_VERSION_1);
  const comparison = useMemo(
    () =>
      typeof words === 'string'
        ? undefined
        : compareStatements(
            { responses: earlier.responses, content: words.content, version: words.version },
            later,
          ),
    [words, earlier.responses, later],
  );
  if (!comparison) return null;
  const day = formatDay(earlier.takenOn) ?? earlier.takenOn;
  return (
    <>
      <h3>{STATEMENTS_CHANGED_HEADING}</h3>
      {comparison.wordingChanged ? (
        <p className="progress-over-time__note">
          {wordingChangedNote(
            day,
            comparison.notCompared.map((statement) => statement.label),
          )}
        </p>
      ) : null}
      {comparison.changed.length === 0 ? (
        <p>{NO_STATEMENT_CHANGED}</p>
      ) : (
        <ul className="progress-statements">
          {comparison.changed.map((change) => (
            <li key={change.key}>{statementChangeText(change)}</li>
          ))}
        </ul>
      )}
    </>
  );
}
