import type { Config } from '@react-router/dev/config';

// A static site with a pre-rendered home page; the server is our own Fastify app
// (docs/decisions/0002-react-router-static-prerender.md).
export default {
  appDirectory: 'src/web',
  buildDirectory: 'build',
  ssr: false,
  prerender: ['/'],
} satisfies Config;
