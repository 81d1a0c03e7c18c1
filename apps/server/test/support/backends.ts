import { postgresAvailable } from './services.js';
import type { Backend } from './server.js';

/** PGlite always; PostgreSQL when it answers (always, with REQUIRE_SERVICES=1). */
export async function backendsToTest(): Promise<Backend[]> {
  return (await postgresAvailable()) ? ['pglite', 'postgres'] : ['pglite'];
}
