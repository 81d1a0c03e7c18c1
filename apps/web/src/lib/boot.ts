import type { BootData } from '@parley/protocol';
import { parseBootData } from '@parley/protocol/client';

let boot: BootData | undefined | null = null;

/** What the server wrote into the page (config, signed-in user, sync cursor); undefined on a page served apart. */
export function readBoot(): BootData | undefined {
  if (boot !== null) return boot;
  const text = document.getElementById('parley-boot')?.textContent;
  try {
    boot = text ? parseBootData(JSON.parse(text)) : undefined;
  } catch {
    boot = undefined;
  }
  return boot;
}
