import { z } from 'zod';
import { OPERATIONS } from './operations.js';

type Schema = {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  anyOf?: Schema[];
  oneOf?: Schema[];
  items?: Schema;
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
};

function describe(s: Schema): string {
  const alternatives = s.anyOf ?? s.oneOf;
  if (alternatives) return alternatives.map(describe).join(' or ');
  const rules: string[] = [];
  if (s.enum) rules.push(s.enum.map((v) => JSON.stringify(v)).join(' \\| '));
  else if (s.const !== undefined) rules.push(JSON.stringify(s.const));
  else if (s.type) rules.push([s.type].flat().join(' \\| '));
  if (s.format) rules.push(s.format);
  if (s.minLength !== undefined || s.maxLength !== undefined)
    rules.push(`length ${s.minLength ?? 0}–${s.maxLength ?? '∞'}`);
  if (s.minimum !== undefined || s.maximum !== undefined)
    rules.push(`${s.minimum ?? '−∞'}–${s.maximum ?? '∞'}`);
  if (s.minItems !== undefined || s.maxItems !== undefined)
    rules.push(`${s.minItems ?? 0}–${s.maxItems ?? '∞'} items`);
  // A uuid's regex says nothing the word does not.
  if (s.pattern && s.format !== 'uuid') rules.push(`\`${s.pattern.replace(/\|/g, '\\|')}\``);
  if (s.items) rules.push(`of ${describe(s.items)}`);
  return rules.join(', ');
}

function rows(where: string, schema: Schema): string[] {
  const shapes = schema.anyOf ?? schema.oneOf ?? [schema];
  return shapes.flatMap((shape) =>
    Object.entries(shape.properties ?? {}).map(
      ([name, field]) =>
        `| ${where} | \`${name}\`${shape.required?.includes(name) ? '' : '?'} | ${describe(field)} |`,
    ),
  );
}

/** The field rules table of docs/api.md, from the schemas the routes parse with. */
export function fieldRulesMarkdown(): string {
  const lines = ['| route | field | rule |', '|---|---|---|'];
  for (const [route, op] of Object.entries(OPERATIONS)) {
    for (const [kind, schema] of [
      ['body', op.body],
      ['query', op.query],
    ] as const) {
      if (!schema) continue;
      const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as Schema;
      lines.push(...rows(`\`${route}\` ${kind}`, json));
    }
  }
  return [...new Set(lines)].join('\n');
}
