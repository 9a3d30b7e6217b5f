import type { ReactNode } from 'react';
import './data-table.css';

export interface Column<Row> {
  /** The column's heading, and the label before each cell when a row stacks as a card. */
  header: string;
  cell: (row: Row) => ReactNode;
  /** "num" right-aligns figures; others are passed on as the cell's class. */
  className?: string;
  /** The cell that names the row (a lead's address): a row header for screen readers. */
  rowHeader?: boolean;
}

interface DataTableProps<Row> {
  caption: string;
  /** Show the caption, or keep it for screen readers only (the page's heading already says it). */
  captionVisible?: boolean;
  columns: readonly Column<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  /**
   * Below 1200 px each row becomes a card instead of a table wider than its box (data-table.css): no
   * column is cut off at any width.
   */
  stack?: boolean;
  compact?: boolean;
  busy?: boolean;
}

/**
 * A table of records. The explicit roles keep it a table for assistive technology when a narrow
 * layout shows its rows as cards (a display change removes the table semantics in some browsers).
 */
export function DataTable<Row>({
  caption,
  captionVisible = false,
  columns,
  rows,
  rowKey,
  stack = true,
  compact = false,
  busy = false,
}: DataTableProps<Row>) {
  const classes = ['data-table', stack ? 'data-table--stack' : '', compact ? 'data-table--compact' : '']
    .filter(Boolean)
    .join(' ');
  return (
    <table className={classes} role="table" aria-busy={busy || undefined}>
      <caption className={captionVisible ? undefined : 'visually-hidden'}>{caption}</caption>
      <thead role="rowgroup">
        <tr role="row">
          {columns.map((column) => (
            <th key={column.header} scope="col" role="columnheader" className={column.className}>
              {column.header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody role="rowgroup">
        {rows.map((row) => (
          <tr key={rowKey(row)} role="row">
            {columns.map((column) =>
              column.rowHeader ? (
                <th
                  key={column.header}
                  scope="row"
                  role="rowheader"
                  className={column.className}
                  data-label={column.header}
                >
                  <span>{column.cell(row)}</span>
                </th>
              ) : (
                <td key={column.header} role="cell" className={column.className} data-label={column.header}>
                  {/* One box beside its label when the row stacks, whatever the cell holds. */}
                  <span>{column.cell(row)}</span>
                </td>
              ),
            )}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
