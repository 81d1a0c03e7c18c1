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

const answers = new Map<string, unknown>(
  boot?.answers && typeof boot.answers === 'object' ? Object.entries(boot.answers) : [],
);

/** The page's answer to a GET of the first screen, given once; none once the first catch-up has begun. */
export function takeAnswer(path: string): unknown {
  const answer = answers.get(path);
  answers.delete(path);
  return answer;
}

/** From the first catch-up on, the feed is newer than the page: every GET goes to the server. */
export function dropAnswers(): void {
  answers.clear();
}
