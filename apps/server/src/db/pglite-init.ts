// Run as its own process: creates an embedded database in the folder given, then exits.
import { PGlite } from '@electric-sql/pglite';

const dir = process.argv[2];
if (!dir) throw new Error('usage: pglite-init <folder>');
const client = new PGlite(dir);
await client.waitReady;
await client.close();
