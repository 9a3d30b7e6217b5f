import { Link } from '../../browser/router';
import { usePage } from '../ui/page-title';

export function NotFoundPage() {
  const heading = usePage('Page not found');
  return (
    <>
      <h1 ref={heading} tabIndex={-1}>
        Page not found
      </h1>
      <p>There is no workspace page at this address.</p>
      <Link to="/team">Go to the leads</Link>
    </>
  );
}
