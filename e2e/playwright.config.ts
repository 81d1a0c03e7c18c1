import { defineConfig } from '@playwright/test';
import { APP_URL, APP_PORT, E2E_SECRET, STATIC_PORT, DATA_DIR } from './support/env.js';

export default defineConfig({
  testDir: './specs',
  globalSetup: './support/global-setup.ts',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [['list']],
  outputDir: '../test-results',
  use: {
    baseURL: APP_URL,
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--disable-quic',
        '--no-first-run',
      ],
    },
    trace: 'off',
    screenshot: 'only-on-failure',
  },
  webServer: [
    {
      command: `rm -rf ${DATA_DIR} && node --import tsx apps/server/src/main.ts`,
      cwd: '..',
      url: `http://127.0.0.1:${APP_PORT}/api/v1/health`,
      reuseExistingServer: false,
      // A machine busy with other work may need longer to start the server.
      timeout: Number(process.env.E2E_SERVER_TIMEOUT_MS ?? 60_000),
      env: {
        NODE_ENV: 'production',
        PORT: String(APP_PORT),
        HOST: '127.0.0.1',
        DATA_DIR,
        PARLEY_SECRET: E2E_SECRET,
        LOG_LEVEL: 'warn',
        // Every journey signs up its users from 127.0.0.1.
        RATE_LIMITS: 'off',
        // Link previews of the journeys' own pages, served on this machine.
        LINK_PREVIEW_PRIVATE_HOSTS: '127.0.0.1',
        OUTGOING_WEBHOOK_PRIVATE_HOSTS: '127.0.0.1',
        ALLOWED_ORIGINS: `http://localhost:${STATIC_PORT}`,
        ...(process.env.WEB_DIST && { WEB_DIST: process.env.WEB_DIST }),
      },
    },
    {
      command: 'node e2e/support/static-server.mjs',
      cwd: '..',
      url: `http://127.0.0.1:${STATIC_PORT}/config.json`,
      reuseExistingServer: false,
      env: {
        STATIC_PORT: String(STATIC_PORT),
        API_ORIGIN: APP_URL,
        ...(process.env.WEB_DIST && { WEB_DIST: process.env.WEB_DIST }),
      },
    },
  ],
});
