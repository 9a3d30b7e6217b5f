interface PagerProps {
  page: number;
  pageSize: number;
  total: number;
  /** What is counted: "leads", "entries". */
  noun: string;
  onPage: (page: number) => void;
}

/** "51–100 of 1,234 leads" with previous and next; pages count from 1. */
export function Pager({ page, pageSize, total, noun, onPage }: PagerProps) {
  const first = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const last = Math.min(page * pageSize, total);
  const pages = Math.max(1, Math.ceil(total / pageSize));
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
