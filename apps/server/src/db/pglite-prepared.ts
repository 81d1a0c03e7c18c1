import { type PGlite, parse, protocol } from '@electric-sql/pglite';

// PGlite's query() parses and plans every statement again; these names are parsed once per instance.
const parsedOn = new WeakMap<PGlite, Set<string>>();
const { serialize } = protocol;

/**
 * Runs a named statement on PGlite through its wire protocol, parsing it on first use. It waits for
 * an open transaction to end, as query() does: runExclusive alone would run it inside that transaction.
 */
export function runNamed<Row>(client: PGlite, name: string, text: string, values: unknown[]): Promise<Row[]> {
  return client._runExclusiveTransaction(() =>
    client.runExclusive(async () => {
      let parsed = parsedOn.get(client);
      if (!parsed) parsedOn.set(client, (parsed = new Set()));
      if (!parsed.has(name)) {
        await client.execProtocol(
          Buffer.concat([serialize.parse({ name, text, types: [] }), serialize.sync()]),
        );
        parsed.add(name);
      }
      const bind = serialize.bind({
        statement: name,
        values: values.map((v) => (v == null ? null : String(v))),
      });
      const { messages } = await client.execProtocol(
        Buffer.concat([bind, serialize.describe({ type: 'P' }), serialize.execute({}), serialize.sync()]),
      );
      return parse.parseResults(messages, client.parsers)[0]!.rows as Row[];
    }),
  );
}
