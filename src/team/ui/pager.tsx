interface PagerProps {
  page: number;
  pageSize: number;
  total: number;
  /** What is counted: "leads", "entries". */
  noun: string;
  onPage: (page: number) => void;
}

/**
 * The rows a page shows, counted from 1 ("51–100"), and how many pages there are: at least one,
 * so an empty list is "0–0" on page 1 of 1. A page past the end shows no rows.
 */
export function pageRange(page: number, pageSize: number, total: number) {
  const first = Math.min((page - 1) * pageSize + 1, total + 1);
  const last = Math.min(page * pageSize, total);
  return {
    first: last === 0 || first > last ? 0 : first,
    last: first > last ? 0 : last,
    pages: Math.max(1, Math.ceil(total / pageSize)),
  };
}

/** "51–100 of 1,234 leads" with previous and next; pages count from 1. */
export function Pager({ page, pageSize, total, noun, onPage }: PagerProps) {
  const { first, last, pages } = pageRange(page, pageSize, total);
  return (
    <nav className="pager" aria-label="Pages">
      <p>
        <strong>
          {first.toLocaleString('en-GB')}–{last.toLocaleString('en-GB')}
        </strong>{' '}
        of {total.toLocaleString('en-GB')} {noun}
      </p>
      <div className="button-row">
        <button
          type="button"
          className="button button--secondary button--small"
          disabled={page <= 1}
          onClick={() => onPage(page - 1)}
        >
          Previous<span className="visually-hidden"> page</span>
        </button>
        <button
          type="button"
          className="button button--secondary button--small"
          disabled={page >= pages}
          onClick={() => onPage(page + 1)}
        >
          Next<span className="visually-hidden"> page</span>
        </button>
      </div>
    </nav>
  );
}
