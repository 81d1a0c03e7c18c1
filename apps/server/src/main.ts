import { createParley, type Parley } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { looseDataDirWarning, secureDataDir } from './data-dir.js';
import { ensureSecret } from './secret.js';

// A shutdown that hangs (a stuck connection) must not keep the process forever.
const SHUTDOWN_DEADLINE_MS = 15_000;

async function main(): Promise<void> {
  // Everything Parley writes (database, secret, lock) is for its own user only.
  process.umask(0o077);
  let config;
  try {
    config = loadConfig(process.env);
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    console.error(err.message);
    process.exit(1);
  }
  const usesDataDir = !config.databaseUrl || !config.secret;
  const started: { parley?: Promise<Parley> } = {};
  let stopping: Promise<void> | undefined;
  const stop = (reason: string) => {
    stopping ??= (async () => {
      console.info(`${reason}: shutting down`);
      setTimeout(() => {
        console.error(`Shutdown took over ${SHUTDOWN_DEADLINE_MS / 1000} s; exiting`);
        process.exit(1);
      }, SHUTDOWN_DEADLINE_MS).unref();
      // A signal during start-up waits for the database to open, then closes it properly.
      const parley = await started.parley?.catch(() => undefined);
      await parley?.close();
      // PGlite sets its own files 0644: leave them private at rest.
      if (usesDataDir) tryQuietly(() => secureDataDir(config.dataDir));
      process.exit(0);
    })();
    return stopping;
  };
  let signals = 0;
  // One path for every signal: Ctrl-C reaches the whole process group, so a second one is expected and ignored.
  const onSignal = (signal: NodeJS.Signals) => {
    signals++;
    if (signals === 1) void stop(signal);
    else if (signals === 2) console.warn(`${signal}: already shutting down (a third signal forces exit)`);
    else {
      console.error(`${signal}: forced exit`);
      process.exit(130);
    }
  };
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, onSignal);

  const loose = usesDataDir ? secureDataDir(config.dataDir) : [];
  const secret = config.secret ?? ensureSecret(config.dataDir, (msg) => console.warn(msg));
  started.parley = createParley(config, secret);
  const parley = await started.parley;
  if (usesDataDir) secureDataDir(config.dataDir);
  const warning = looseDataDirWarning(config.dataDir, loose);
  if (warning) parley.app.log.warn(warning);
  if (stopping) return;
  const address = await parley.app.listen({ port: config.port, host: config.host });
  parley.app.log.info(`Parley ${config.mode} listening on ${address}`);
}

function tryQuietly(fn: () => unknown): void {
  try {
    fn();
  } catch (err) {
    console.warn(err instanceof Error ? err.message : err);
  }
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
