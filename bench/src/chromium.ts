import fs from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

const EXECUTABLE = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Debian's Chromium via playwright-core, or a loud skip (a failure under REQUIRE_SERVICES=1). */
export async function withChromium<T>(
  work: (browser: Browser) => Promise<T>,
): Promise<T | { skipped: string }> {
  if (!fs.existsSync(EXECUTABLE)) {
    const skipped = `Chromium is not at ${EXECUTABLE} (apt-get install -y chromium)`;
    if (process.env.REQUIRE_SERVICES === '1') throw new Error(skipped);
    console.warn(`*** SKIPPING the Chromium runs: ${skipped} ***`);
    return { skipped };
  }
  const browser = await chromium.launch({
    executablePath: EXECUTABLE,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
  });
  try {
    return await work(browser);
  } finally {
    await browser.close();
  }
}
