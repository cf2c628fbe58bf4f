import type { Config } from '@react-router/dev/config';
import { contentRoutePaths } from './src/web/lib/content.server';

// Content pages are prerendered to static HTML (and their data to static files) at build time;
// the ordering, basket, checkout and account screens render in the browser from the SPA fallback.
export default {
  appDirectory: 'src/web',
  buildDirectory: 'build',
  ssr: false,
  prerender: async () => contentRoutePaths(),
  future: { v8_trailingSlashAwareDataRequests: true },
} satisfies Config;
