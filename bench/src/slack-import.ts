// Importing a Slack export: messages a second and server CPU per message, beside sending the same
// messages one at a time in the same run, and how long a send waits while an import runs.
import { strToU8, zipSync } from 'fflate';
import { importWhileSending, startJobServer, stopJobServer, waitFigures } from './admin-job-bench';
import { cpuSeconds } from './proc';
import { runTag } from './parley-api';
import { writeResult } from './report';
import { round } from './stats';

/** `channels` channels of `each` messages by two people, a second apart from `since` (Unix seconds), every tenth with a reaction. */
export function slackExport(channels: number, each: number, since = 1_704_200_000): Uint8Array {
  const users = [
    { id: 'U01AMY', name: `amy${runTag()}`, real_name: 'Amy' },
    { id: 'U02BEN', name: `ben${runTag()}`, real_name: 'Ben' },
  ];
  const list = Array.from({ length: channels }, (_, c) => ({
    id: `C${100 + c}`,
    name: `room-${runTag()}-${c}`,
    members: ['U01AMY', 'U02BEN'],
  }));
  const files: Record<string, Uint8Array> = {
    'users.json': strToU8(JSON.stringify(users)),
    'channels.json': strToU8(JSON.stringify(list)),
  };
  for (const c of list)
    files[`${c.name}/${new Date(since * 1000).toISOString().slice(0, 10)}.json`] = strToU8(
      JSON.stringify(
        Array.from({ length: each }, (_, i) => ({
          type: 'message',
          user: users[i % 2]!.id,
          text: `line ${i} for <@U01AMY> with *bold* and <https://example.com|a link>`,
          ts: `${since + i}.000100`,
          ...(i % 10 === 0 ? { reactions: [{ name: '+1', users: ['U02BEN'], count: 1 }] } : {}),
        })),
      ),
    );
  return zipSync(files);
}

async function measure(database: 'PGlite' | 'PostgreSQL', quick: boolean) {
  // The baseline: the same number of messages a person would send, one at a time.
  const server = await startJobServer(database, quick ? 500 : 2_000);
  if (!server) return undefined;
  try {
    const [channels, each] = quick ? [4, 500] : [10, 1_000];
    const cpu = cpuSeconds(server.node.pid);
    const started = performance.now();
    const { job, waits } = await importWhileSending(server, slackExport(channels, each));
    const seconds = (performance.now() - started) / 1000;
    const importCpuMs = ((cpuSeconds(server.node.pid) - cpu) / job.summary.messages) * 1000;
    return {
      database,
      state: job.state,
      messages: job.summary.messages,
      seconds: round(seconds),
      messagesPerSecond: Math.round(job.summary.messages / seconds),
      importServerCpuMs: round(importCpuMs, 3),
      sendServerCpuMs: round(server.sendCpuMs, 3),
      importVsSend: round(importCpuMs / server.sendCpuMs, 2),
      ...waitFigures(waits),
    };
  } finally {
    await stopJobServer(server);
  }
}

export async function slackImportSuite(quick: boolean): Promise<void> {
  const rows = [];
  for (const database of ['PGlite', 'PostgreSQL'] as const) {
    const row = await measure(database, quick);
    if (row) rows.push(row);
  }
  console.table(rows);
  writeResult('slack-import', quick, { rows });
}
