import type { Hono } from 'hono';
import type { ApiEnv } from '../request-log.ts';
import { renderDocsPage } from './docs-page.ts';
import { openApiDocument } from './document.ts';
import { documentRoute, pageRoute } from './reference.ts';

let page: string | undefined;

/**
 * GET /api/openapi.json and GET /api/docs: public (they hold no data, only the API's shape),
 * built once per process from the code, so they always describe the running version.
 */
export function mountOpenApi(app: Hono<ApiEnv>) {
  app.get(documentRoute.path, (c) => c.json(openApiDocument()));
  app.get(pageRoute.path, (c) => c.html((page ??= renderDocsPage(openApiDocument()))));
}
