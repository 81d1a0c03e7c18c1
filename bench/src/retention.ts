// Message retention deleting an old history: messages a second and server CPU per deleted message,
// beside sending messages one at a time in the same run, and how long a send waits meanwhile.
import {
  importWhileSending,
  sendingUntil,
  startJobServer,
  stopJobServer,
  waitFigures,
} from './admin-job-bench';
import { cpuSeconds } from './proc';
import { call } from './parley-api';
import { writeResult } from './report';
import { slackExport } from './slack-import';
import { round } from './stats';

const Y2001 = 978_400_000;
// Keeps about 21.9 years: the 2001 history goes, the baseline's sends stay.
const DAYS = 8000;

async function measure(database: 'PGlite' | 'PostgreSQL', quick: boolean) {
  const server = await startJobServer(database, quick ? 500 : 2_000);
  if (!server) return undefined;
  const { node, owner } = server;
  try {
    const [channels, each] = quick ? [4, 500] : [10, 1_000];
    const { job } = await importWhileSending(server, slackExport(channels, each, Y2001), false);
    const count = async () =>
      (await call(node.url, owner, 'GET', `/admin/retention?days=${DAYS}`)).body.messages as number;
    const due = await count();

    const cpu = cpuSeconds(node.pid);
    const started = performance.now();
    await call(node.url, owner, 'PATCH', '/admin/settings', { messageRetentionDays: DAYS });
    // The run's security log entry says it is done.
    const waits = await sendingUntil(server, async () =>
      (
        (await call(node.url, owner, 'GET', '/admin/audit?limit=5')).body.entries as { action: string }[]
      ).some((e) => e.action === 'history_pruned'),
    );
    const seconds = (performance.now() - started) / 1000;
    const deleteCpuMs = ((cpuSeconds(node.pid) - cpu) / due) * 1000;
    const left = await count();
    return {
      database,
      imported: job.summary.messages,
      deleted: due - left,
      left,
      seconds: round(seconds),
      messagesPerSecond: Math.round(due / seconds),
      deleteServerCpuMs: round(deleteCpuMs, 3),
      sendServerCpuMs: round(server.sendCpuMs, 3),
      deleteVsSend: round(deleteCpuMs / server.sendCpuMs, 2),
      ...waitFigures(waits),
    };
  } finally {
    await stopJobServer(server);
  }
}

export async function retentionSuite(quick: boolean): Promise<void> {
  const rows = [];
  for (const database of ['PGlite', 'PostgreSQL'] as const) {
    const row = await measure(database, quick);
    if (row) rows.push(row);
  }
  console.table(rows);
  writeResult('retention', quick, { rows });
}
