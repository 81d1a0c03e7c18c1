// Run as its own process: creates an embedded database in the folder given, migrated, then exits.
import { openMigratedPglite } from './pglite-migrate.js';

const dir = process.argv[2];
if (!dir) throw new Error('usage: pglite-init <folder>');
const client = await openMigratedPglite(dir);
await client.close();
