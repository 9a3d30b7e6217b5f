import type { ReactNode } from 'react';

/**
 * A chart's table: a region that scrolls when the table is wider than its card (focusable, so a
 * keyboard can scroll it, and named by the caption), the caption, and a header row of the first
 * column's name and the figures' names (right-aligned). The rows are the caller's: a tbody, and a
 * tfoot if any.
 */
export function FigureTable({
  captionId,
  caption,
  columns: [first, ...figures],
  tall = false,
  children,
}: {
  captionId: string;
  caption: string;
  columns: readonly [string, ...string[]];
  tall?: boolean;
  children: ReactNode;
}) {
  return (
    <div
      className={tall ? 'table-wrap table-wrap--tall' : 'table-wrap'}
      role="region"
      aria-labelledby={captionId}
      tabIndex={0}
    >
      <table className="data-table data-table--compact">
        <caption id={captionId}>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{first}</th>
            {figures.map((name) => (
              <th key={name} scope="col" className="num">
                {name}
              </th>
            ))}
          </tr>
        </thead>
        {children}
      </table>
    </div>
  );
}
