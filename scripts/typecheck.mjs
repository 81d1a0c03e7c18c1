// Typecheck every workspace with its own tsconfig (web and server need different libs).
import { execFileSync } from 'node:child_process';
const projects = ['packages/protocol', 'packages/crypto', 'apps/server', 'apps/web', 'e2e', 'bench'];
let failed = false;
for (const project of projects) {
  try {
    execFileSync('npx', ['tsc', '-p', project], { stdio: 'inherit' });
  } catch {
    failed = true;
  }
}
process.exit(failed ? 1 : 0);
