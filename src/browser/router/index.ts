export { BrowserRouter, StaticRouter, useLocation, useNavigate, usePrefetch, type Preload } from './router';
export { Link } from './link';
export type { RouterLocation } from './history';
