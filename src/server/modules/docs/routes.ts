import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { escapeHtml } from '../../../shared/html';
import { access } from '../../lib/auth';

type Operation = {
  summary?: string;
  tags?: string[];
  'x-access'?: string;
  requestBody?: { content?: Record<string, { schema?: Schema }> };
  parameters?: { name: string; in: string; required?: boolean; schema?: Schema }[];
  responses?: Record<string, unknown>;
};
type Schema = {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  enum?: unknown[];
  items?: Schema;
  format?: string;
  anyOf?: Schema[];
};

const typeOf = (s: Schema | undefined): string => {
  if (!s) return 'any';
  if (s.enum) return s.enum.map((v) => JSON.stringify(v)).join(' | ');
  if (s.anyOf) return s.anyOf.map(typeOf).join(' | ');
  if (s.type === 'array') return `${typeOf(s.items)}[]`;
  const t = Array.isArray(s.type) ? s.type.join(' | ') : (s.type ?? 'any');
  return s.format ? `${t} (${s.format})` : t;
};

function fields(schema: Schema | undefined): string {
  const props = Object.entries(schema?.properties ?? {});
  if (props.length === 0) return schema ? `<p><code>${escapeHtml(typeOf(schema))}</code></p>` : '';
  const required = new Set(schema?.required ?? []);
  return `<table><thead><tr><th>Field</th><th>Type</th><th></th></tr></thead><tbody>${props
    .map(
      ([name, s]) =>
        `<tr><td><code>${escapeHtml(name)}</code></td><td><code>${escapeHtml(typeOf(s))}</code></td><td>${required.has(name) ? 'required' : ''}</td></tr>`,
    )
    .join('')}</tbody></table>`;
}

/**
 * GET /api/docs/openapi.json: the OpenAPI document; GET /api/docs: a reference page made from it
 * (plain HTML, no script), grouped by area, each call with who may make it, its parameters and
 * its body's fields.
 */
export const docsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/openapi.json', { config: access('anonymous') }, async () => app.swagger());

  app.get('/', { config: access('anonymous') }, async (_request, reply) => {
    const doc = app.swagger() as unknown as {
      info: { title: string; description?: string };
      paths: Record<string, Record<string, Operation>>;
    };
    const byTag = new Map<string, string[]>();
    for (const [path, methods] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(methods)) {
        const tag = op.tags?.[0] ?? 'other';
        const params = (op.parameters ?? [])
          .map((p) => `<code>${escapeHtml(p.name)}</code> (${p.in}${p.required ? ', required' : ''}): <code>${escapeHtml(typeOf(p.schema))}</code>`)
          .join('<br>');
        const body = op.requestBody?.content?.['application/json']?.schema;
        const html =
          `<section><h3><span class="m">${method.toUpperCase()}</span> <code>${escapeHtml(path)}</code></h3>` +
          (op.summary ? `<p>${escapeHtml(op.summary)}.</p>` : '') +
          `<p>Who may call: ${escapeHtml(op['x-access'] ?? 'anyone')}. Answers: ${Object.keys(op.responses ?? {}).join(', ') || '200'}.</p>` +
          (params ? `<p>${params}</p>` : '') +
          (body ? `<h4>Body</h4>${fields(body)}` : '') +
          `</section>`;
        byTag.set(tag, [...(byTag.get(tag) ?? []), html]);
      }
    }
    const tags = [...byTag.keys()].sort();
    const page = `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(doc.info.title)} reference</title><style>
body{font:16px/1.5 system-ui,sans-serif;margin:0 auto;max-width:60rem;padding:1rem;color:#1a1a1a}
h2{border-bottom:2px solid #00796b;padding-top:1rem}h3{font-size:1rem;margin:1.5rem 0 .25rem}
.m{display:inline-block;min-width:4rem;color:#fff;background:#00695c;border-radius:4px;padding:0 .4rem;text-align:center}
table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:.2rem .5rem;text-align:left}
code{font-size:.9em;overflow-wrap:anywhere}nav{display:flex;flex-wrap:wrap;gap:.5rem 1rem}</style></head><body>
<h1>${escapeHtml(doc.info.title)} reference</h1><p>${escapeHtml(doc.info.description ?? '')}</p>
<p>The machine-readable document: <a href="/api/docs/openapi.json">/api/docs/openapi.json</a> (OpenAPI 3.1).</p>
<nav aria-label="Areas">${tags.map((t) => `<a href="#${encodeURIComponent(t)}">${escapeHtml(t)}</a>`).join('')}</nav>
${tags.map((t) => `<h2 id="${encodeURIComponent(t)}">${escapeHtml(t)}</h2>${byTag.get(t)!.join('')}`).join('')}
</body></html>`;
    return reply
      .type('text/html; charset=utf-8')
      .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
      .send(page);
  });
};
