import { Logo } from '../../browser/logo';
import './sign-in-brand.css';

/** The name above the card of the pages one sees before signing in (sign-in and the link's page). */
export function SignInBrand() {
  return (
    <p className="sign-in__brand">
      <Logo />
      <span>
        Care Audit <span className="brand__team">team workspace</span>
      </span>
    </p>
  );
}
