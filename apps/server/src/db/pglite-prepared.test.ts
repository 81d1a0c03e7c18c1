import os from 'node:os';
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { openDatabase, preparedStatement } from './client.js';

it('regression: on PGlite a prepared statement ran inside another caller’s open transaction and was rolled back with it', async () => {
  const { db, close } = await openDatabase({ databaseUrl: 'memory://', dataDir: os.tmpdir() });
  try {
    await db.execute(sql`create table notes (v text)`);
    const insert = preparedStatement<{ v: string }>(
      'insert_note',
      'insert into notes (v) values ($1) returning v',
    );
    // A transaction that spans a turn of the event loop, then fails.
    const failed = db
      .transaction(async (tx) => {
        await tx.execute(sql`insert into notes (v) values ('in the transaction')`);
        await new Promise((resolve) => setTimeout(resolve, 30));
        throw new Error('roll back');
      })
      .catch((err: Error) => err.message);
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(await insert(db, ['answered'])).toEqual([{ v: 'answered' }]);
    expect(await failed).toBe('roll back');
    const { rows } = (await db.execute(sql`select v from notes`)) as unknown as { rows: { v: string }[] };
    expect(rows).toEqual([{ v: 'answered' }]);
  } finally {
    await close();
  }
}, 30_000);
