// `npm start`: builds the web app and the server when missing or stale, then runs the built server in production mode.
import { pathToFileURL } from 'node:url';
import { ensureBuilt, loadDotEnv } from './builds.mjs';

loadDotEnv();

const main = await ensureBuilt();
if (process.env.npm_lifecycle_event) {
  // A SIGTERM to `npm start` stops npm's shell without reaching this process; an orphaned server stops itself.
  const parent = process.ppid;
  const watch = setInterval(() => {
    if (process.ppid === parent) return;
    clearInterval(watch);
    process.kill(process.pid, 'SIGTERM');
  }, 250);
  watch.unref();
}
// The server runs in this process, so a signal reaches it once and the exit code is its own.
process.env.NODE_ENV = 'production';
await import(pathToFileURL(main).href);
