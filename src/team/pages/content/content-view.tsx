import { AREAS } from '../../../core/areas';
import type { AuditContent, FrameworkItem } from '../../../core/content';
import { BANDS, bandRange } from '../../../core/insight/bands';
import { dsptStandardName, KEY_QUESTIONS } from '../../../core/insight/key-questions';

/**
 * A version's words, to read: every area's statements with their short names, next steps, key
 * questions, DSPT standard and framework items, its recommendations and its advice for each band;
 * then the band headings, the words before recommendations and the framework's list. Headings
 * start at h3 (it sits under the version's h2).
 */
export function ContentView({ content }: { content: AuditContent }) {
  const names = new Map(content.framework.items.map((item) => [item.id, item.name]));
  return (
    <div className="content-view">
      {AREAS.map((area, areaIndex) => {
        const words = content.areas[areaIndex];
        if (!words) return null;
        return (
          <section key={area.id} className="content-view__area" aria-labelledby={`view-${area.id}`}>
            <h3 id={`view-${area.id}`}>{area.title}</h3>
            {words.intro ? <p>{words.intro}</p> : <p className="muted">No introduction.</p>}
            <h4>Statements</h4>
            <ol className="content-view__statements">
              {words.statements.map((statement) => (
                <li key={statement.key}>
                  <p className="content-view__statement">{statement.text}</p>
                  <dl className="content-view__facts">
                    <dt>Short name</dt>
                    <dd>{statement.label}</dd>
                    <dt>Next step</dt>
                    <dd>{statement.nextStep}</dd>
                    <dt>Key questions</dt>
                    <dd>{statement.keyQuestions.join(', ')}</dd>
                    <dt>DSPT standard</dt>
                    <dd>{statement.dspt === undefined ? 'None' : dsptStandardName(statement.dspt)}</dd>
                    <dt>Framework items</dt>
                    <dd>
                      {statement.frameworkItems.length > 0
                        ? statement.frameworkItems.map((id) => names.get(id) ?? id).join('; ')
                        : 'None'}
                    </dd>
                    <dt>Key</dt>
                    <dd>
                      <code>{statement.key}</code>
                    </dd>
                  </dl>
                </li>
              ))}
            </ol>
            <h4>Recommendations</h4>
            <ol>
              {words.recommendations.map((recommendation, n) => (
                <li key={n}>{recommendation}</li>
              ))}
            </ol>
            <h4>Advice</h4>
            <dl className="content-view__advice">
              {BANDS.map((band) => (
                <div key={band.id}>
                  <dt>{content.bandHeadings[band.id]}</dt>
                  <dd>{words.advice[band.id]}</dd>
                </div>
              ))}
            </dl>
          </section>
        );
      })}
      <section className="content-view__area" aria-labelledby="view-words">
        <h3 id="view-words">Band headings and the words before recommendations</h3>
        <dl className="content-view__facts">
          {BANDS.map((band) => (
            <div key={band.id}>
              <dt>{`Band heading, ${bandRange(band.id)}`}</dt>
              <dd>{content.bandHeadings[band.id]}</dd>
            </div>
          ))}
          <div>
            <dt>Before recommendations, below 80%</dt>
            <dd>{content.recommendationsIntro.improve}</dd>
          </div>
          <div>
            <dt>Before recommendations, 80% or more</dt>
            <dd>{content.recommendationsIntro.sustain}</dd>
          </div>
        </dl>
      </section>
      <section className="content-view__area" aria-labelledby="view-framework">
        <h3 id="view-framework">Framework: {content.framework.name}</h3>
        <FrameworkList items={content.framework.items} />
      </section>
    </div>
  );
}

function FrameworkList({ items }: { items: readonly FrameworkItem[] }) {
  if (items.length === 0) return <p className="muted">No items.</p>;
  return (
    <>
      {KEY_QUESTIONS.map((question) => {
        const under = items.filter((item) => item.keyQuestion === question);
        return under.length > 0 ? (
          <div key={question}>
            <h4>{question}</h4>
            <ul>
              {under.map((item) => (
                <li key={item.id}>{item.name}</li>
              ))}
            </ul>
          </div>
        ) : null;
      })}
    </>
  );
}
