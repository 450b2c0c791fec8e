import type { Hono } from 'hono';
import type { ApiEnv } from '../request-log.ts';
import { documentRoute, pageRoute } from './reference.ts';

let page: string | undefined;

// The document's builder and the page's writer load with the first request for either: no other
// request needs them, so a Lambda's cold start does not load them (npm run bench, function).
const document = async () => (await import('./document.ts')).openApiDocument();

/**
 * GET /api/openapi.json and GET /api/docs: public (they hold no data, only the API's shape),
 * built once per process from the code, so they always describe the running version.
 */
export function mountOpenApi(app: Hono<ApiEnv>) {
  app.get(documentRoute.path, async (c) => c.json(await document()));
  app.get(pageRoute.path, async (c) => {
    if (page === undefined) {
      const [{ renderDocsPage }, built] = await Promise.all([import('./docs-page.ts'), document()]);
      page = renderDocsPage(built);
    }
    return c.html(page);
  });
}
