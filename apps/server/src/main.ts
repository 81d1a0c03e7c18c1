import { createParley } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { ensureSecret } from './secret.js';

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig(process.env);
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    console.error(err.message);
    process.exit(1);
  }
  const secret = config.secret ?? ensureSecret(config.dataDir, (msg) => console.warn(msg));
  const parley = await createParley(config, secret);
  const address = await parley.app.listen({ port: config.port, host: config.host });
  parley.app.log.info(`Parley ${config.mode} listening on ${address}`);
  const stop = async (signal: string) => {
    parley.app.log.info(`${signal}: shutting down`);
    await parley.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void stop('SIGINT'));
  process.once('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
