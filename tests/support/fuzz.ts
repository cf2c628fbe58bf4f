import fc from 'fast-check';
import { z } from 'zod';

/**
 * Request values for the fuzz gate, from a route's own zod schema: values that fit
 * it (as JSON Schema says: types, lengths, ranges, enums, required keys) and values outside it
 * (wrong types, huge strings, deep nesting, unicode, `__proto__` and `constructor` keys,
 * numbers at the edges, a valid value with one field broken).
 */

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
  format?: string;
  pattern?: string;
  default?: unknown;
};

/** The JSON Schema of a zod schema, as its input looks (transforms and pipes read as input). */
export function jsonSchemaOf(schema: unknown): JsonSchema | null {
  if (!(schema instanceof z.ZodType)) return null;
  try {
    return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  } catch {
    return {};
  }
}

const EDGE_NUMBERS = [0, -0, 1, -1, 0.5, 2_147_483_648, Number.MAX_SAFE_INTEGER, -1e308, 1e308];
const NASTY_STRINGS = [
  '',
  ' ',
  '\u0000',
  '\u202e\u200b',
  '😀'.repeat(50),
  "' or 1=1 --",
  '<script>alert(1)</script>',
  '../../etc/passwd',
  'ＡＢＣ',
  'a'.repeat(10_000),
];

const nastyString = fc.oneof(fc.constantFrom(...NASTY_STRINGS), fc.string({ unit: 'binary' }));
const nastyNumber = fc.oneof(fc.constantFrom(...EDGE_NUMBERS), fc.double());

/** A value that fits the schema (as far as JSON Schema can say). */
export function fitting(schema: JsonSchema, depth = 0): fc.Arbitrary<unknown> {
  if (depth > 6) return fc.constant(null);
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const options = schema.anyOf ?? schema.oneOf;
  if (options?.length) return fc.oneof(...options.map((s) => fitting(s, depth + 1)));
  if (schema.allOf?.length) return fitting(schema.allOf[0], depth + 1);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'object': {
      const props = schema.properties ?? {};
      const required = new Set(schema.required ?? []);
      const model: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [key, sub] of Object.entries(props)) model[key] = fitting(sub, depth + 1);
      return fc.record(model, {
        requiredKeys: Object.keys(props).filter((k) => required.has(k)),
      });
    }
    case 'array':
      return fc.array(schema.items ? fitting(schema.items, depth + 1) : fc.jsonValue(), {
        minLength: schema.minItems ?? 0,
        maxLength: Math.min(schema.maxItems ?? 4, 4),
      });
    case 'string':
      if (schema.format === 'email') return fc.emailAddress();
      if (schema.pattern) {
        const { minLength = 0, maxLength = Infinity } = schema;
        return fc
          .stringMatching(new RegExp(schema.pattern))
          .filter((text) => text.length >= minLength && text.length <= maxLength);
      }
      if (schema.format === 'date') return fc.constantFrom('2026-12-01', '1999-01-31');
      return fc.string({
        minLength: schema.minLength ?? 0,
        maxLength: Math.min(schema.maxLength ?? 40, 200),
      });
    case 'integer':
      return fc.integer({
        min: Math.max(schema.minimum ?? -1000, -2_147_483_648),
        max: Math.min(schema.maximum ?? 100_000, 2_147_483_647),
      });
    case 'number':
      return fc.double({
        min: schema.minimum ?? -1000,
        max: schema.maximum ?? 100_000,
        noNaN: true,
      });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/** Something deeply nested: `{ a: { a: ... } }` or `[[[...]]]`. */
const deep = fc.integer({ min: 50, max: 2000 }).map((n) => {
  let value: unknown = 'bottom';
  for (let i = 0; i < n; i++) value = i % 2 ? [value] : { a: value };
  return value;
});

/** A JSON text with prototype-polluting keys (JSON.parse keeps `__proto__` as a key). */
const polluting = fc.constantFrom(
  '{"__proto__":{"isAdmin":true}}',
  '{"constructor":{"prototype":{"isAdmin":true}}}',
  '{"__proto__":null,"a":1}',
);

/** A value outside the schema, or broken in one place. */
export function unfitting(schema: JsonSchema): fc.Arbitrary<unknown> {
  const broken = Object.keys(schema.properties ?? {}).length
    ? fc
        .tuple(
          fitting(schema),
          fc.constantFrom(...Object.keys(schema.properties ?? {})),
          fc.oneof(nastyString, nastyNumber, fc.constant(null), deep, fc.jsonValue()),
        )
        .map(([value, key, bad]) =>
          typeof value === 'object' && value !== null ? { ...value, [key]: bad } : value,
        )
    : fc.constant(undefined);
  return fc.oneof(
    broken,
    fc.jsonValue({ maxDepth: 3 }),
    fc.anything({ maxDepth: 2, withObjectString: true }),
    nastyString,
    nastyNumber,
    deep,
    polluting.map((text) => ({ raw: text })),
  );
}

/** A path parameter's value: fitting, or at the edges. */
export const pathValue = fc.oneof(
  fc.integer({ min: 1, max: 1_000_000 }).map(String),
  fc.constantFrom(
    '0',
    '-1',
    '1.5',
    '99999999999999999999',
    'abc',
    '%00',
    '..',
    '😀',
    'a'.repeat(300),
  ),
  fc.string({ minLength: 1, maxLength: 30 }).map(encodeURIComponent),
);
