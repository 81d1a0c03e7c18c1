// `npm run bench [-- --quick] [-- --only fanout|fanout-turns|send|reactions|catch-up|history|connections|web|crypto|login-flood|abuse-heap|team|search|files|mentions|permalink|local-search|lighthouse|slack-import|retention]`: prints tables, writes bench/results/<name>.json.
import { abuseHeapSuite } from './abuse-heap';
import { catchUpSuite } from './catch-up';
import { connectionsSuite } from './connections';
import { cryptoSuite } from './crypto';
import { fanoutSuite } from './fanout-suite';
import { fanoutTurnsSuite } from './fanout-turns';
import { historySuite } from './history';
import { lighthouseSuite } from './lighthouse';
import { localSearchSuite } from './local-search';
import { loginFloodSuite } from './login-flood';
import { mentionsSuite } from './mention-timings';
import { permalinkSuite } from './permalink-timings';
import { reactionCostSuite } from './reaction-cost';
import { searchSuite } from './search';
import { filesSuite } from './files';
import { sendCostSuite } from './send-cost';
import { slackImportSuite } from './slack-import';
import { retentionSuite } from './retention';
import { teamSuite } from './team';
import { webSuite } from './web-size';

const args = process.argv.slice(2);
const quick = args.includes('--quick');
// `--only fanout:big-room` runs the workloads whose name starts with big-room.
const [only, sub] = args.includes('--only') ? (args[args.indexOf('--only') + 1] ?? '').split(':') : [];

const suites: Record<string, (quick: boolean, sub?: string) => Promise<void>> = {
  web: webSuite,
  fanout: fanoutSuite,
  'fanout-turns': fanoutTurnsSuite,
  send: sendCostSuite,
  reactions: reactionCostSuite,
  'catch-up': catchUpSuite,
  history: historySuite,
  connections: connectionsSuite,
  crypto: cryptoSuite,
  'abuse-heap': abuseHeapSuite,
  team: teamSuite,
  'login-flood': loginFloodSuite,
  search: searchSuite,
  'local-search': localSearchSuite,
  files: filesSuite,
  lighthouse: lighthouseSuite,
  mentions: mentionsSuite,
  permalink: permalinkSuite,
  'slack-import': slackImportSuite,
  retention: retentionSuite,
};
if (only && !suites[only]) {
  console.error(`unknown benchmark ${only}; one of ${Object.keys(suites).join(', ')}`);
  process.exit(2);
}
const started = Date.now();
// Run by name only: it repeats fan-out workloads the fanout suite already measures, for a side-by-side comparison.
const ON_DEMAND = new Set(['fanout-turns']);
for (const [name, suite] of Object.entries(suites)) {
  if (only ? only !== name : ON_DEMAND.has(name)) continue;
  console.log(`\n== ${name}${quick ? ' (quick)' : ''}`);
  const suiteStarted = Date.now();
  await suite(quick, sub);
  console.log(`== ${name} took ${Math.round((Date.now() - suiteStarted) / 1000)} s`);
}
console.log(`\nbench finished in ${Math.round((Date.now() - started) / 1000)} s`);
process.exit(0);
