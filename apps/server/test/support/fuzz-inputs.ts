import fc from 'fast-check';
import { z } from 'zod';
import * as protocol from '@parley/protocol';

/** Values that have broken servers before: NUL, lone surrogates, int32 edges, huge numbers, prototype keys. */
export const HOSTILE_STRINGS = [
  '',
  'a\u0000b',
  '\ud800',
  'x\udfffy',
  ' ',
  '../../etc/passwd',
  "'; drop table users; --",
  '%00',
  '%zz',
  '\u202e',
  '<script>alert(1)</script>',
  '__proto__',
  'constructor',
  '00000000-0000-0000-0000-000000000000',
  'x'.repeat(300),
  'x'.repeat(20_000),
];
export const HOSTILE_NUMBERS = [0, -1, 2 ** 31, -(2 ** 31) - 1, 2 ** 53 + 2, 1e308, -1e308, 1.5, -0];

const hostileKeyObject = () =>
  JSON.parse('{"__proto__":{"admin":true},"constructor":{"prototype":{"admin":true}},"prototype":1}');

const nested = (depth: number) => JSON.parse('['.repeat(depth) + ']'.repeat(depth));

export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(...HOSTILE_STRINGS),
  fc.constantFrom(...HOSTILE_NUMBERS),
  fc.constantFrom(null, true, false, [], {}),
  fc.constant(null).map(hostileKeyObject),
  fc.integer({ min: 50, max: 3000 }).map(nested),
);

type Def = { type: string; [k: string]: any };
const defOf = (schema: unknown): Def => (schema as { _zod: { def: Def } })._zod.def;

/** Values shaped like the schema, each leaf sometimes valid-looking, sometimes hostile. */
export function shaped(schema: unknown, ids: string[], depth = 0): fc.Arbitrary<unknown> {
  const def = defOf(schema);
  const leaf = (valid: fc.Arbitrary<unknown>) => fc.oneof({ weight: 3, arbitrary: valid }, hostileValue);
  if (depth > 6) return hostileValue;
  switch (def.type) {
    case 'object': {
      const entries = Object.entries(def.shape as Record<string, unknown>);
      const record: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [key, value] of entries) record[key] = shaped(value, ids, depth + 1);
      return fc.oneof(
        { weight: 4, arbitrary: fc.record(record, { requiredKeys: entries.map(([k]) => k) }) },
        fc.record(record),
        fc
          .tuple(fc.record(record), fc.constantFrom('__proto__', 'constructor', 'extra'), hostileValue)
          .map(([value, key, extra]) => ({ ...value, ...JSON.parse(JSON.stringify({ [key]: extra })) })),
      );
    }
    case 'union':
      return fc.oneof(...(def.options as unknown[]).map((o) => shaped(o, ids, depth + 1)));
    case 'optional':
    case 'nullable':
    case 'default':
    case 'readonly':
    case 'catch':
      return fc.oneof(fc.constant(undefined), shaped(def.innerType, ids, depth + 1));
    case 'pipe':
      return shaped(def.in, ids, depth + 1);
    case 'array':
      return leaf(fc.array(shaped(def.element, ids, depth + 1), { maxLength: 5 }));
    case 'enum':
      return leaf(fc.constantFrom(...Object.values(def.entries as Record<string, string>)));
    case 'literal':
      return leaf(fc.constantFrom(...(def.values as unknown[])));
    case 'boolean':
      return leaf(fc.boolean());
    case 'number':
    case 'int':
    case 'bigint':
      return leaf(fc.oneof(fc.integer({ min: -5, max: 300 }), fc.constantFrom(...HOSTILE_NUMBERS)));
    case 'string':
      return leaf(stringFor(schema, def, ids));
    default:
      return hostileValue;
  }
}

function stringFor(schema: unknown, def: Def, ids: string[]): fc.Arbitrary<string> {
  if (def.format === 'uuid') return idValue(ids);
  const patterns = [...(((schema as any)._zod.bag?.patterns as Set<RegExp>) ?? [])];
  const matching = patterns.flatMap((p) => {
    try {
      return [fc.stringMatching(new RegExp(p.source)).map((s) => s.slice(0, 64))];
    } catch {
      return [];
    }
  });
  return fc.oneof(
    fc.string({ maxLength: 40 }),
    fc.constantFrom('general', 'hello', 'battery staple'),
    ...matching,
  );
}

/** Ids that exist (the caller's and other users'), their upper-case forms, garbage. */
export const idValue = (ids: string[]): fc.Arbitrary<string> =>
  fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...ids) },
    fc.constantFrom(...ids).map((id) => id.toUpperCase()),
    fc.uuid(),
    fc.constantFrom(...HOSTILE_STRINGS),
  );

/** Every schema the protocol exports: a new body or query schema is fuzzed without being listed. */
export const PROTOCOL_SCHEMAS = (Object.entries(protocol) as [string, unknown][]).filter(
  (entry): entry is [string, z.ZodType] => entry[1] instanceof z.ZodType,
);

/** Request bodies: arbitrary JSON, any protocol schema's shape with hostile leaves, raw text. */
export function bodyValue(ids: string[]): fc.Arbitrary<{ text?: string }> {
  const objects = PROTOCOL_SCHEMAS.filter(([, s]) => ['object', 'union'].includes(defOf(s).type));
  return fc.oneof(
    {
      weight: 5,
      arbitrary: fc
        .oneof(...objects.map(([, s]) => shaped(s, ids)))
        .map((v) => ({ text: JSON.stringify(v) })),
    },
    { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 4 }).map((v) => ({ text: JSON.stringify(v) })) },
    hostileValue.map((v) => ({ text: JSON.stringify(v) })),
    fc.constantFrom<{ text?: string }>(
      {},
      { text: '{not json' },
      { text: '' },
      { text: 'x'.repeat(1_100_000) },
    ),
  );
}

/** Query strings: the shape of any *Query schema, or arbitrary keys. */
export function queryValue(ids: string[]): fc.Arbitrary<string> {
  const queries = PROTOCOL_SCHEMAS.filter(([name]) => name.endsWith('Query'));
  const asParams = (v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.entries(v)
          .filter(([, x]) => x !== undefined)
          .map(([k, x]) => `${encode(k)}=${encode(typeof x === 'string' ? x : JSON.stringify(x))}`)
          .join('&')
      : '';
  return fc.oneof(
    { weight: 3, arbitrary: fc.constant('') },
    { weight: 3, arbitrary: fc.oneof(...queries.map(([, s]) => shaped(s, ids))).map(asParams) },
    fc.dictionary(fc.string({ maxLength: 8 }), fc.string({ maxLength: 20 })).map(asParams),
  );
}

/** encodeURIComponent, except a lone surrogate goes out as the invalid UTF-8 bytes a client may send. */
export function encode(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return [...value]
      .map((c) => {
        try {
          return encodeURIComponent(c);
        } catch {
          return '%ED%A0%80';
        }
      })
      .join('');
  }
}
