import { api, apiTimeout, originSecretValue } from './api.ts';

/**
 * Code SST's Router puts at the start of its viewer-request CloudFront Function (JavaScript
 * runtime 2.0), which runs on every request before CloudFront forwards it. It overwrites
 * x-viewer-address with the address CloudFront itself saw (a client's own value never survives)
 * and, for the API only, adds the origin secret: CloudFront Functions cannot read linked
 * resources, so the value is written into the code at deploy time.
 */
export function viewerRequestInjection(secret: string) {
  return [
    `event.request.headers['x-viewer-address'] = { value: event.viewer.ip };`,
    `if (/^[/](api|trpc)([/]|$)/.test(event.request.uri)) event.request.headers['x-origin-verify'] = { value: '${secret}' };`,
    `else delete event.request.headers['x-origin-verify'];`,
  ].join('\n');
}

/**
 * One CloudFront distribution for the app and its API, so the session cookie is first-party.
 * SST's router sends the viewer's host on as x-forwarded-host, which the app's Origin check reads,
 * and our injection the viewer's address, which the sign-in throttle and sessions read.
 */
export const router = new sst.aws.Router('Router', {
  edge: { viewerRequest: { injection: originSecretValue.result.apply(viewerRequestInjection) } },
});
// CloudFront waits for the function's answer as long as the function may run (20 s by default).
router.route('/api', api.url, { readTimeout: apiTimeout });
router.route('/trpc', api.url, { readTimeout: apiTimeout });

/**
 * The built web app from S3 for every other path; a path that is no file gets index.html (no
 * errorPage set), so the client router shows the page or its 404 screen. /login needs nothing
 * here: the router's function looks for the path, then the path + '.html', so it serves the
 * build's prerendered login.html (packages/web/vite-prerender.ts), as the local server does. In
 * `sst dev` it is not deployed: Vite's dev server runs instead, proxying /api and /trpc through
 * the Router to the live function.
 */
export const web = new sst.aws.StaticSite('Web', {
  path: 'packages/web',
  build: { command: 'npm run build', output: 'dist' },
  router: { instance: router },
  // Read by vite.config.ts's dev proxy only; nothing reaches the browser bundle. The Router, not
  // the function's URL: the function answers only requests carrying the origin secret (lambda.ts).
  environment: { API_URL: router.url },
  // SST writes types for `environment` into the site unless told otherwise; API_URL is not an
  // import.meta.env variable, so keep that file out of packages/web.
  vite: { types: '../../.sst/web-env.d.ts' },
  dev: { title: 'Web', command: 'npm run dev', url: 'http://localhost:5173' },
});
