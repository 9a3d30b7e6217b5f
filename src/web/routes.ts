import { type RouteConfig, index, route } from '@react-router/dev/routes';

// The one route table (SPEC §2).
export default [
  index('routes/home.tsx'),
  route('audit-tool', 'routes/audit-tool.tsx'),
  route('audit-results', 'routes/audit-results.tsx'),
  route('email-results', 'routes/email-results.tsx'),
  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig;
