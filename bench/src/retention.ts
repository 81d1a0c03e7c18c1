// Message retention deleting an old history: messages a second and server CPU per deleted message,
// beside sending messages one at a time in the same run, and how long a send waits meanwhile.
import { cpuSeconds, sleep, startParley } from './proc';
import { call, createChannel, newClientId, register, runTag } from './parley-api';
import { postJson } from './http-post';
import { writeResult } from './report';
import { createDatabase } from './services';
import { slackExport } from './slack-import';
import { percentile, round } from './stats';

const Y2001 = 978_400_000;
// Keeps about 21.9 years: the 2001 history goes, the baseline's sends stay.
const DAYS = 8000;

type Job = { id: string; state: string; summary: { messages: number } };

async function importOldHistory(url: string, owner: string, channels: number, each: number) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(slackExport(channels, each, Y2001))]), 'export.zip');
  const res = await fetch(`${url}/api/v1/admin/import/slack`, {
    method: 'POST',
    headers: { cookie: owner, 'x-parley-csrf': '1' },
    body: form,
  });
  let job = ((await res.json()) as { import: Job }).import;
  while (job.state === 'running') {
    await sleep(500);
    job = (await call(url, owner, 'GET', `/admin/imports/${job.id}`)).body.import;
  }
  return job.summary.messages;
}

async function measure(database: 'PGlite' | 'PostgreSQL', quick: boolean) {
  const db = database === 'PostgreSQL' ? await createDatabase(`retention_${runTag()}`) : undefined;
  if (database === 'PostgreSQL' && !db) return undefined;
  const node = await startParley({ DATABASE_URL: db?.url ?? 'memory://' });
  try {
    const owner = await register(node.url, `owner${runTag()}`);
    const chatter = await register(node.url, `chat${runTag()}`);
    const room = await createChannel(node.url, chatter, `busy-${runTag()}`);
    const sendUrl = `${node.url}/api/v1/channels/${room}/messages`;
    const send = () =>
      postJson(
        sendUrl,
        { cookie: chatter, 'x-parley-csrf': '1' },
        { clientId: newClientId(), body: 'a line' },
      );

    const sends = quick ? 500 : 2_000;
    const before = cpuSeconds(node.pid);
    for (let i = 0; i < sends; i++) await send();
    const sendCpuMs = ((cpuSeconds(node.pid) - before) / sends) * 1000;

    const [channels, each] = quick ? [4, 500] : [10, 1_000];
    const imported = await importOldHistory(node.url, owner, channels, each);
    const due = (await call(node.url, owner, 'GET', `/admin/retention?days=${DAYS}`)).body.messages as number;

    const cpu = cpuSeconds(node.pid);
    const started = performance.now();
    await call(node.url, owner, 'PATCH', '/admin/settings', { messageRetentionDays: DAYS });
    const waits: number[] = [];
    // The run's security log entry says it is done.
    const done = async () =>
      (
        (await call(node.url, owner, 'GET', '/admin/audit?limit=5')).body.entries as { action: string }[]
      ).some((e) => e.action === 'history_pruned');
    while (!(await done())) {
      const at = performance.now();
      await send();
      waits.push(performance.now() - at);
      await sleep(200);
    }
    const seconds = (performance.now() - started) / 1000;
    const deleteCpuMs = ((cpuSeconds(node.pid) - cpu) / due) * 1000;
    const left = (await call(node.url, owner, 'GET', `/admin/retention?days=${DAYS}`)).body
      .messages as number;
    waits.sort((a, b) => a - b);
    return {
      database,
      imported,
      deleted: due - left,
      left,
      seconds: round(seconds),
      messagesPerSecond: Math.round(due / seconds),
      deleteServerCpuMs: round(deleteCpuMs, 3),
      sendServerCpuMs: round(sendCpuMs, 3),
      deleteVsSend: round(deleteCpuMs / sendCpuMs, 2),
      sendsMeanwhile: waits.length,
      sendWaitP50Ms: round(percentile(waits, 50)),
      sendWaitP95Ms: round(percentile(waits, 95)),
    };
  } finally {
    await node.stop();
    await db?.drop();
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
