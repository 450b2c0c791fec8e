import { api } from './api.ts';

/**
 * One CloudFront distribution for the app and its API, so the session cookie is first-party.
 * SST's router sends the viewer's host on as x-forwarded-host, which the app's Origin check reads.
 */
export const router = new sst.aws.Router('Router');
router.route('/api', api.url);
router.route('/trpc', api.url);

/**
 * The built web app from S3 for every other path; a path that is no file gets index.html (no
 * errorPage set), so the client router shows the page or its 404 screen. In `sst dev` it is not
 * deployed: Vite's dev server runs instead, proxying /api and /trpc to the live function.
 */
export const web = new sst.aws.StaticSite('Web', {
  path: 'packages/web',
  build: { command: 'npm run build', output: 'dist' },
  router: { instance: router },
  // Read by vite.config.ts's dev proxy only; nothing reaches the browser bundle.
  environment: { API_URL: api.url },
  // SST writes types for `environment` into the site unless told otherwise; API_URL is not an
  // import.meta.env variable, so keep that file out of packages/web.
  vite: { types: '../../.sst/web-env.d.ts' },
  dev: { title: 'Web', command: 'npm run dev', url: 'http://localhost:5173' },
});
