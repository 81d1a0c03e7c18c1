import type { BootData } from '@parley/protocol';
import { parseBootData } from '@parley/protocol/client';

function read(): BootData | undefined {
  try {
    return parseBootData(JSON.parse(document.getElementById('parley-boot')?.textContent ?? 'null'));
  } catch {
    return undefined;
  }
}

/** What the server wrote into the page (config, signed-in user, sync cursor); undefined on a page served apart. */
export const boot = read();
