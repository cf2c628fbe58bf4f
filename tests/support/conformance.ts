import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import fc from 'fast-check';
import { fitting } from './fuzz';

/**
 * The OpenAPI conformance fuzz (decision 0034): the requests it sends each operation of
 * the generated document, and the check of each answer against what the document allows.
 */

type Schema = Parameters<typeof fitting>[0];

interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header';
  required?: boolean;
  schema?: Schema;
}

export interface Response {
  $ref?: string;
  description?: string;
  content?: Record<string, { schema?: object }>;
}

export interface Operation {
  operationId: string;
  summary?: string;
  'x-access'?: string;
  security?: unknown[];
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
  responses: Record<string, Response>;
}

export interface Document {
  paths: Record<string, Record<string, Operation>>;
  components: { responses?: Record<string, Response>; schemas?: Record<string, object> };
}

/** One request the fuzz sends: what it is (for the failure message) and its parts. */
export interface Sample {
  what: string;
  path: Record<string, string>;
  query: Record<string, string>;
  /** undefined: no body; `{ raw }`: sent as it is with its content type. */
  body?: unknown;
  raw?: { text: string; type: string };
}

const LONG = 'x'.repeat(5_000);
const SEED = 24;
const HUGE = JSON.stringify({ a: 'z'.repeat(1_100_000) });

/** Deterministic samples of a schema's values: the same run every time. */
const sampleOf = (schema: Schema, n: number, seed: number) =>
  fc.sample(fitting(schema), { numRuns: n, seed });

/** A value of the wrong JSON type for a schema. */
function wrongType(schema: Schema): unknown {
  const type = [schema.type ?? []].flat()[0];
  if (type === 'string') return 12345;
  if (type === 'integer' || type === 'number') return 'twelve';
  if (type === 'boolean') return 'yes';
  if (type === 'array') return { not: 'a list' };
  if (type === 'object') return ['not', 'an', 'object'];
  return { unexpected: true };
}

/** A copy of a valid object with every property turned by `change`. */
function everyProperty(schema: Schema, valid: unknown, change: (s: Schema) => unknown) {
  const base = valid && typeof valid === 'object' && !Array.isArray(valid) ? valid : {};
  return Object.fromEntries([
    ...Object.entries(base),
    ...Object.entries(schema.properties ?? {}).map(([k, s]) => [k, change(s)]),
  ]);
}

/** Longer than the schema allows (or very long where it sets no limit). */
const tooLong = (schema: Schema): unknown => {
  const type = [schema.type ?? []].flat()[0];
  if (type === 'string') return schema.maxLength ? 'y'.repeat(schema.maxLength + 1) : LONG;
  if (type === 'array') return Array.from({ length: (schema.maxItems ?? 200) + 1 }, () => LONG);
  return LONG;
};

/** A path parameter's value that fits its schema: a small id, as seeded records have. */
function pathValue(param: Parameter, i: number): string {
  const schema = param.schema ?? {};
  if (schema.type === 'integer' || schema.type === 'number') return String(1 + (i % 3));
  const [value] = sampleOf(schema, 1, SEED + i);
  return typeof value === 'string' && value !== '' ? value : 'ABC-123';
}

/**
 * The requests for one operation: valid ones (from its schemas), then invalid ones: the body
 * null, empty, of the wrong type field by field, with too long strings, not JSON, of another
 * content type, over the size limit; path and query parameters of the wrong type and too long.
 */
export function samplesOf(method: string, operation: Operation, { valid = 2 } = {}): Sample[] {
  const params = operation.parameters ?? [];
  const pathParams = params.filter((p) => p.in === 'path');
  const queryParams = params.filter((p) => p.in === 'query');
  const bodySchema = operation.requestBody?.content?.['application/json']?.schema;
  const validPath = (i: number) =>
    Object.fromEntries(pathParams.map((p) => [p.name, pathValue(p, i)]));
  const validQuery = (i: number) =>
    Object.fromEntries(
      queryParams.flatMap((p) => {
        const [value] = sampleOf(p.schema ?? {}, 1, SEED + i);
        return value === undefined || value === null ? [] : [[p.name, String(value)]];
      }),
    );
  const bodies = bodySchema ? sampleOf(bodySchema, valid, SEED) : [];
  const samples: Sample[] = [];
  for (let i = 0; i < valid; i++) {
    samples.push({
      what: `valid #${i}`,
      path: validPath(i),
      query: validQuery(i),
      body: bodies[i],
    });
  }
  const base = { path: validPath(0), query: validQuery(0) };
  if (bodySchema) {
    samples.push({ ...base, what: 'null body', body: null });
    samples.push({ ...base, what: 'empty object body', body: {} });
    samples.push({ ...base, what: 'array body', body: [1, 2] });
    if (bodySchema.properties) {
      samples.push({
        ...base,
        what: 'every field of the wrong type',
        body: everyProperty(bodySchema, bodies[0], wrongType),
      });
      samples.push({
        ...base,
        what: 'every field too long',
        body: everyProperty(bodySchema, bodies[0], tooLong),
      });
      samples.push({
        ...base,
        what: 'an unknown field',
        body: { ...(bodies[0] as object), ['x'.repeat(300)]: LONG },
      });
    }
  }
  if (/^(post|put|patch|delete)$/i.test(method)) {
    samples.push({ ...base, what: 'not JSON', raw: { text: '{"a":', type: 'application/json' } });
    samples.push({ ...base, what: 'an XML body', raw: { text: '<a/>', type: 'application/xml' } });
    samples.push({
      ...base,
      what: 'a body over 1 MiB',
      raw: { text: HUGE, type: 'application/json' },
    });
  }
  if (pathParams.length) {
    for (const bad of ['abc', '-1', '0', '1.5', '99999999999999999999', 'é'.repeat(150)]) {
      samples.push({
        what: `path parameters ${bad.slice(0, 20)}`,
        path: Object.fromEntries(pathParams.map((p) => [p.name, bad])),
        query: base.query,
        body: bodies[0],
      });
    }
  }
  if (queryParams.length) {
    samples.push({
      what: 'query parameters of the wrong type',
      path: base.path,
      query: Object.fromEntries(
        queryParams.map((p) => [p.name, String(wrongType(p.schema ?? {}))]),
      ),
    });
    samples.push({
      what: 'query parameters too long',
      path: base.path,
      query: Object.fromEntries(queryParams.map((p) => [p.name, LONG])),
    });
  }
  return samples;
}

/** The URL of a sample for a documented path. */
export function urlOf(path: string, sample: Sample): string {
  const filled = path.replace(/\{(\w+)\}/g, (_, name: string) =>
    encodeURIComponent(sample.path[name] ?? ''),
  );
  const query = new URLSearchParams(sample.query).toString();
  return query ? `${filled}?${query}` : filled;
}

/**
 * Checks answers against the document: the status must be listed for the operation (a shared
 * answer referenced from components.responses counts), and a JSON body must fit the schema
 * listed for that status. The document's components are the validator's, so `$ref`s resolve.
 */
export class AnswerChecker {
  private readonly ajv = new Ajv2020({ strict: false, allErrors: false, validateFormats: true });
  private readonly compiled = new Map<object, ValidateFunction>();

  constructor(private readonly doc: Document) {
    addFormats.default(this.ajv);
    // References inside the document are made absolute to a schema holding its components.
    const rebased = JSON.parse(JSON.stringify(doc.components), (_k, v: unknown) =>
      typeof v === 'string' && v.startsWith('#/components/') ? `urn:ferrybox:api${v}` : v,
    );
    this.ajv.addSchema({ $id: 'urn:ferrybox:api', components: rebased });
  }

  private resolve(response: Response): Response {
    const name = response.$ref?.replace('#/components/responses/', '');
    return name ? (this.doc.components.responses?.[name] ?? {}) : response;
  }

  private validator(schema: object): ValidateFunction {
    let validate = this.compiled.get(schema);
    if (!validate) {
      const rebased = JSON.parse(JSON.stringify(schema), (_k, v: unknown) =>
        typeof v === 'string' && v.startsWith('#/components/') ? `urn:ferrybox:api${v}` : v,
      );
      validate = this.ajv.compile(rebased);
      this.compiled.set(schema, validate);
    }
    return validate;
  }

  /** What is wrong with the answer, or null when the document allows it. */
  problem(
    operation: Operation,
    answer: { statusCode: number; headers: Record<string, unknown>; body: string },
  ): string | null {
    const { statusCode } = answer;
    if (statusCode >= 500) return `a ${statusCode}: ${answer.body.slice(0, 300)}`;
    const listed = operation.responses[String(statusCode)];
    if (!listed) {
      return `${statusCode} is not documented (${Object.keys(operation.responses).join(', ')}): ${answer.body.slice(0, 300)}`;
    }
    const response = this.resolve(listed);
    const type = String(answer.headers['content-type'] ?? '');
    const json = response.content?.['application/json']?.schema;
    if (!response.content) {
      return answer.body === '' || statusCode !== 204 ? null : `a body on a ${statusCode}`;
    }
    if (!json) return null; // a file (PDF, image): its type is checked by its own tests
    if (!type.startsWith('application/json')) return `${statusCode} answered ${type}, not JSON`;
    let body: unknown;
    try {
      body = JSON.parse(answer.body);
    } catch {
      return `${statusCode} answered JSON that does not parse`;
    }
    const validate = this.validator(json);
    if (validate(body)) return null;
    const error = validate.errors?.[0];
    return `${statusCode} body does not fit the schema: ${error?.instancePath} ${error?.message} (${answer.body.slice(0, 200)})`;
  }
}
