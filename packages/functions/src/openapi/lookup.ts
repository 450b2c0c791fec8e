import type { HttpMethod, OpenApiDocument, OpenApiOperation, OpenApiResponse, Ref } from './document.ts';

/** A documented operation found for a request. */
export interface Found {
  /** the document's path template, e.g. '/api/events/{id}' */
  path: string;
  method: HttpMethod;
  operation: OpenApiOperation;
}

/** What the document says one status of an operation answers; absent when it does not document it. */
export interface DocumentedAnswer {
  /** the media types it may carry (none: no body) */
  mediaTypes: string[];
  /** a JSON pointer into the document to the JSON body's schema, when it has one */
  jsonSchemaPointer?: string;
}

/** A JSON pointer segment (RFC 6901). */
const segment = (text: string) => text.replace(/~/g, '~0').replace(/\//g, '~1');

/**
 * Finds the operation a request reaches. A path with fewer parameters wins, as in the app's
 * routing (`/api/events/recent` is not `/api/events/{id}`).
 */
export function operationMatcher(doc: OpenApiDocument) {
  const templates = Object.keys(doc.paths)
    .map((path) => ({
      path,
      parameters: (path.match(/\{/g) ?? []).length,
      pattern: new RegExp(`^${path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '[^/]+')}$`),
    }))
    .sort((a, b) => a.parameters - b.parameters);
  return (method: string, url: string): Found | undefined => {
    const pathname = new URL(url, 'http://api.invalid').pathname;
    const lower = method.toLowerCase() as HttpMethod;
    for (const template of templates) {
      if (!template.pattern.test(pathname)) continue;
      const operation = doc.paths[template.path]![lower];
      if (operation) return { path: template.path, method: lower, operation };
    }
    return undefined;
  };
}

/** The documented answer of one status, following a `$ref` to the shared failure responses. */
export function documentedAnswer(doc: OpenApiDocument, found: Found, status: number): DocumentedAnswer | undefined {
  const declared: OpenApiResponse | Ref | undefined = found.operation.responses[String(status)];
  if (!declared) return undefined;
  let pointer = `#/paths/${segment(found.path)}/${found.method}/responses/${status}`;
  let response = declared as OpenApiResponse;
  if ('$ref' in declared) {
    pointer = declared.$ref;
    response = doc.components.responses[declared.$ref.slice(declared.$ref.lastIndexOf('/') + 1)]!;
  }
  const mediaTypes = Object.keys(response.content ?? {});
  return {
    mediaTypes,
    ...(mediaTypes.includes('application/json') ? { jsonSchemaPointer: `${pointer}/content/${segment('application/json')}/schema` } : {}),
  };
}
