export { BrowserRouter, StaticRouter, useLocation, useNavigate } from './router';
export { Link } from './link';
export type { RouterLocation } from './history';
