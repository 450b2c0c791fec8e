import type { HttpMethod, OpenApiDocument, OpenApiOperation, OpenApiParameter, OpenApiResponse, Ref } from './document.ts';
import type { JsonSchema } from './json-schema.ts';

/**
 * GET /api/docs: the OpenAPI document as one server-rendered page. No script at all (the CSP
 * allows only our own files) and no CDN; the styles are inline (the CSP allows them), light and
 * dark following the system. Landmarks, headings in order (h1 > h2 tag > h3 operation > h4
 * part) and colours above WCAG AA contrast, so it reads well with a screen reader too.
 */

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!);

/** Descriptions use Markdown's `code` spans and nothing else. */
const prose = (text: string) => escapeHtml(text).replace(/`([^`]+)`/g, '<code>$1</code>');

const anchor = (kind: string, name: string) => `${kind}-${name.replace(/[^A-Za-z0-9_-]/g, '-')}`;

const refName = (ref: string) => ref.slice(ref.lastIndexOf('/') + 1);

/** zod writes ±2^53-1 for "any integer": not worth showing. */
const isLimitless = (value: unknown) => typeof value === 'number' && Math.abs(value) === Number.MAX_SAFE_INTEGER;

const counted = (n: number, noun: string) => `${n} ${noun}${n === 1 ? '' : 's'}`;

/** The rules of a value beyond its type, as short phrases. */
function constraints(schema: JsonSchema): string[] {
  const notes: string[] = [];
  if (schema.minLength !== undefined) notes.push(`at least ${counted(schema.minLength, 'character')}`);
  if (schema.maxLength !== undefined) notes.push(`at most ${counted(schema.maxLength, 'character')}`);
  if (schema.minimum !== undefined && !isLimitless(schema.minimum)) notes.push(`from ${schema.minimum}`);
  if (schema.maximum !== undefined && !isLimitless(schema.maximum)) notes.push(`to ${schema.maximum}`);
  if (schema.minItems !== undefined) notes.push(`at least ${counted(schema.minItems, 'item')}`);
  if (schema.maxItems !== undefined) notes.push(`at most ${counted(schema.maxItems, 'item')}`);
  // A format says it better than its (long) pattern.
  if (schema.pattern !== undefined && schema.format === undefined) notes.push(`matches <code>${escapeHtml(schema.pattern)}</code>`);
  if (schema.default !== undefined) notes.push(`default <code>${escapeHtml(JSON.stringify(schema.default))}</code>`);
  return notes;
}

/** A schema as readable HTML: its type, linked names, and a table of fields for an object. */
function schemaHtml(schema: JsonSchema | boolean | undefined): string {
  if (schema === undefined || schema === true || (typeof schema === 'object' && Object.keys(schema).length === 0)) return 'any value';
  if (schema === false) return 'nothing';
  if (schema.$ref) return `<a href="#${anchor('schema', refName(schema.$ref))}">${escapeHtml(refName(schema.$ref))}</a>`;
  const options = schema.oneOf ?? schema.anyOf;
  if (options) {
    const simple = options.every((option) => option.$ref || option.type === 'null' || !option.properties);
    if (simple) return options.map(schemaHtml).join(' or ');
    return `one of:<ul>${options.map((option) => `<li>${schemaHtml(option)}</li>`).join('')}</ul>`;
  }
  if (schema.const !== undefined) return `<code>${escapeHtml(JSON.stringify(schema.const))}</code>`;
  if (schema.enum) return `one of ${schema.enum.map((value) => `<code>${escapeHtml(JSON.stringify(value))}</code>`).join(', ')}`;
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  if (types.includes('array')) {
    const limits = constraints(schema);
    return `list${limits.length ? ` (${limits.join(', ')})` : ''} of ${schemaHtml(schema.items as JsonSchema | undefined)}`;
  }
  if (types.includes('object') && schema.properties) return fieldsTable(schema);
  if (types.includes('object') && schema.additionalProperties && schema.propertyNames) {
    return `an object from ${schemaHtml(schema.propertyNames as JsonSchema)} to ${schemaHtml(schema.additionalProperties as JsonSchema)}`;
  }
  const named = types.map((type) => (type === 'null' ? 'null' : type)).join(' or ') || 'any value';
  const format = schema.format ? ` (${escapeHtml(schema.format)})` : '';
  return [`${named}${format}`, ...constraints(schema)].join(', ');
}

function fieldsTable(schema: JsonSchema): string {
  const required = new Set(schema.required ?? []);
  const rows = Object.entries(schema.properties ?? {}).map(
    ([name, field]) =>
      `<tr><th scope="row"><code>${escapeHtml(name)}</code></th><td>${schemaHtml(field)}</td><td>${required.has(name) ? 'required' : 'optional'}</td></tr>`,
  );
  const extra = schema.additionalProperties === false ? '' : '<p class="note">Other fields are ignored.</p>';
  return `<table><thead><tr><th scope="col">Field</th><th scope="col">Type</th><th scope="col">Presence</th></tr></thead><tbody>${rows.join('')}</tbody></table>${extra}`;
}

const methodNames: HttpMethod[] = ['get', 'post', 'put', 'delete'];

const accessText = (security: OpenApiOperation['security']) => {
  if (security.length === 0) return 'No sign-in needed.';
  const names = security.map((requirement) => Object.keys(requirement)[0]);
  if (names.includes(undefined)) return 'No sign-in needed; a session cookie is used when sent.';
  if (names.includes('bearerToken')) return 'A session cookie or an API token (<code>Authorization: Bearer</code>).';
  return "A member's session cookie (not an API token).";
};

function parametersHtml(parameters: OpenApiParameter[]) {
  const rows = parameters.map(
    (p) =>
      `<tr><th scope="row"><code>${escapeHtml(p.name)}</code></th><td>${p.in}</td><td>${schemaHtml(p.schema)}${p.description ? `<p>${prose(p.description)}</p>` : ''}</td><td>${p.required ? 'required' : 'optional'}</td></tr>`,
  );
  return `<table><thead><tr><th scope="col">Name</th><th scope="col">In</th><th scope="col">Value</th><th scope="col">Presence</th></tr></thead><tbody>${rows.join('')}</tbody></table>`;
}

function responseHtml(status: string, response: OpenApiResponse) {
  const bodies = Object.entries(response.content ?? {}).map(([mediaType, { schema }]) =>
    mediaType === 'application/json'
      ? `<p><code>${mediaType}</code>:</p>${blockOf(schemaHtml(schema))}`
      : `<p><code>${escapeHtml(mediaType)}</code>${mediaType === 'text/plain' ? ': the message to show' : ''}</p>`,
  );
  const headers = Object.keys(response.headers ?? {}).map((name) => `<code>${escapeHtml(name)}</code>`);
  return `<tr><th scope="row">${status}</th><td><p>${prose(response.description)}</p>${headers.length ? `<p>Headers: ${headers.join(', ')}</p>` : ''}${bodies.join('') || '<p>No body.</p>'}</td></tr>`;
}

/** A bare type phrase gets a paragraph; a table or list stands on its own. */
const blockOf = (html: string) =>
  /^<(table|ul)/.test(html) || html.includes('<table') ? `<div class="schema">${html}</div>` : `<p class="schema">${html}</p>`;

function operationHtml(doc: OpenApiDocument, method: HttpMethod, path: string, op: OpenApiOperation) {
  const parameters = (op.parameters ?? []).map((p) =>
    '$ref' in p ? doc.components.parameters[refName((p as Ref).$ref)]! : (p as OpenApiParameter),
  );
  const body = op.requestBody?.content['application/json'].schema;
  const responses = Object.entries(op.responses).map(([status, response]) =>
    responseHtml(status, '$ref' in response ? doc.components.responses[refName((response as Ref).$ref)]! : (response as OpenApiResponse)),
  );
  const id = anchor('op', op.operationId);
  return `<section class="operation" aria-labelledby="${id}">
<h3 id="${id}"><span class="method ${method}">${method.toUpperCase()}</span> <code>${escapeHtml(path)}</code></h3>
<p class="summary">${prose(op.summary)}</p>
${op.description ? `<p>${prose(op.description)}</p>` : ''}
<p class="access">${accessText(op.security)}</p>
${parameters.length ? `<h4>Parameters</h4>${parametersHtml(parameters)}` : ''}
${body ? `<h4>Request body <span class="note">(${op.requestBody!.required ? 'required' : 'optional'}, <code>application/json</code>)</span></h4>${blockOf(schemaHtml(body))}` : ''}
<h4>Responses</h4>
<table class="responses"><thead><tr><th scope="col">Status</th><th scope="col">Answer</th></tr></thead><tbody>${responses.join('')}</tbody></table>
</section>`;
}

const styles = `
:root { color-scheme: light dark; --bg: #ffffff; --fg: #1f2937; --muted: #4b5563; --line: #d1d5db; --panel: #f3f4f6; --link: #1d4ed8;
  --get-bg: #dbeafe; --get-fg: #1e3a8a; --post-bg: #dcfce7; --post-fg: #14532d; --put-bg: #fef3c7; --put-fg: #78350f; --delete-bg: #fee2e2; --delete-fg: #7f1d1d; }
@media (prefers-color-scheme: dark) {
  :root { --bg: #111827; --fg: #e5e7eb; --muted: #9ca3af; --line: #374151; --panel: #1f2937; --link: #93c5fd;
    --get-bg: #1e3a8a; --get-fg: #dbeafe; --post-bg: #14532d; --post-fg: #dcfce7; --put-bg: #78350f; --put-fg: #fef3c7; --delete-bg: #7f1d1d; --delete-fg: #fee2e2; }
}
* { box-sizing: border-box; }
body { margin: 0; background: var(--bg); color: var(--fg); font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
a { color: var(--link); }
a:focus-visible { outline: 3px solid var(--link); outline-offset: 2px; }
.skip { position: absolute; left: -9999px; }
.skip:focus { left: 1rem; top: 1rem; background: var(--bg); padding: 0.5rem; z-index: 1; }
header, nav, main, footer { max-width: 72rem; margin: 0 auto; padding: 0 1.25rem; }
header { padding-top: 1.5rem; }
nav ul { columns: 16rem; padding-left: 1.25rem; }
nav li { break-inside: avoid; }
code { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; font-size: 0.9em; background: var(--panel); padding: 0 0.2em; border-radius: 3px; overflow-wrap: anywhere; }
h2 { border-bottom: 1px solid var(--line); padding-bottom: 0.25rem; margin-top: 2.5rem; }
.operation { border: 1px solid var(--line); border-radius: 8px; padding: 0 1rem 0.5rem; margin: 1rem 0; }
.operation h3 code { background: none; font-size: 1em; }
.method { display: inline-block; min-width: 4.5rem; text-align: center; font-size: 0.85rem; font-weight: 700; padding: 0.1rem 0.4rem; border-radius: 4px; }
.get { background: var(--get-bg); color: var(--get-fg); } .post { background: var(--post-bg); color: var(--post-fg); }
.put { background: var(--put-bg); color: var(--put-fg); } .delete { background: var(--delete-bg); color: var(--delete-fg); }
.summary { font-weight: 600; }
.access, .note { color: var(--muted); }
.note { font-size: 0.9rem; font-weight: normal; }
table { border-collapse: collapse; width: 100%; margin: 0.5rem 0; }
th, td { border: 1px solid var(--line); padding: 0.35rem 0.5rem; text-align: left; vertical-align: top; }
thead th { background: var(--panel); }
td table { margin: 0.25rem 0; }
td p, .schema { margin: 0.25rem 0; }
`;

/** Renders the whole page from the document. */
export function renderDocsPage(doc: OpenApiDocument): string {
  const byTag = new Map(doc.tags.map((tag) => [tag.name, [] as { method: HttpMethod; path: string; op: OpenApiOperation }[]]));
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const method of methodNames) {
      const op = item[method];
      if (op) byTag.get(op.tags[0]!)!.push({ method, path, op });
    }
  }
  const tags = doc.tags.filter((tag) => byTag.get(tag.name)!.length > 0);
  const contents = tags
    .map(
      (tag) =>
        `<li><a href="#${anchor('tag', tag.name)}">${escapeHtml(tag.name)}</a><ul>${byTag
          .get(tag.name)!
          .map(
            ({ method, path, op }) => `<li><a href="#${anchor('op', op.operationId)}">${method.toUpperCase()} ${escapeHtml(path)}</a></li>`,
          )
          .join('')}</ul></li>`,
    )
    .join('');
  const sections = tags
    .map(
      (tag) => `<section aria-labelledby="${anchor('tag', tag.name)}">
<h2 id="${anchor('tag', tag.name)}">${escapeHtml(tag.name)}</h2>
<p>${prose(tag.description)}</p>
${byTag
  .get(tag.name)!
  .map(({ method, path, op }) => operationHtml(doc, method, path, op))
  .join('\n')}
</section>`,
    )
    .join('\n');
  const schemas = Object.entries(doc.components.schemas)
    .map(([name, schema]) => {
      const id = anchor('schema', name);
      return `<section aria-labelledby="${id}"><h3 id="${id}">${escapeHtml(name)}</h3>${schema.description ? `<p>${prose(schema.description)}</p>` : ''}${blockOf(schemaHtml(schema))}</section>`;
    })
    .join('\n');

  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<title>API reference: ${escapeHtml(doc.info.title)}</title>
<style>${styles}</style>
</head>
<body>
<a class="skip" href="#main">Skip to the reference</a>
<header>
<h1>${escapeHtml(doc.info.title)}</h1>
<p>${prose(doc.info.description)}</p>
<p>The machine-readable document: <a href="/api/openapi.json">OpenAPI ${escapeHtml(doc.openapi)} (JSON)</a>.</p>
</header>
<nav aria-labelledby="contents">
<h2 id="contents">Contents</h2>
<ul>${contents}<li><a href="#schemas">Schemas</a></li></ul>
</nav>
<main id="main">
${sections}
<section aria-labelledby="schemas">
<h2 id="schemas">Schemas</h2>
${schemas}
</section>
</main>
<footer><p class="note">Generated from the code: the REST table, the procedures' input schemas and the response schemas.</p></footer>
</body>
</html>
`;
}
