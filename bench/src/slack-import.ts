// Importing a Slack export: messages a second and server CPU per message, beside sending the same
// messages one at a time in the same run, and how long a send waits while an import runs.
import { strToU8, zipSync } from 'fflate';
import { cpuSeconds, sleep, startParley } from './proc';
import { call, createChannel, newClientId, register, runTag } from './parley-api';
import { postJson } from './http-post';
import { writeResult } from './report';
import { createDatabase } from './services';
import { percentile, round } from './stats';

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
  const db = database === 'PostgreSQL' ? await createDatabase(`import_${runTag()}`) : undefined;
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

    // The baseline: the same number of messages a person would send, one at a time.
    const sends = quick ? 500 : 2_000;
    const before = cpuSeconds(node.pid);
    for (let i = 0; i < sends; i++) await send();
    const sendCpuMs = ((cpuSeconds(node.pid) - before) / sends) * 1000;

    const [channels, each] = quick ? [4, 500] : [10, 1_000];
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(slackExport(channels, each))]), 'export.zip');
    const cpu = cpuSeconds(node.pid);
    const started = performance.now();
    const res = await fetch(`${node.url}/api/v1/admin/import/slack`, {
      method: 'POST',
      headers: { cookie: owner, 'x-parley-csrf': '1' },
      body: form,
    });
    let job = ((await res.json()) as { import: { id: string; state: string; summary: { messages: number } } })
      .import;
    const waits: number[] = [];
    while (job.state === 'running') {
      const at = performance.now();
      await send();
      waits.push(performance.now() - at);
      await sleep(200);
      job = (await call(node.url, owner, 'GET', `/admin/imports/${job.id}`)).body.import;
    }
    const seconds = (performance.now() - started) / 1000;
    const importCpuMs = ((cpuSeconds(node.pid) - cpu) / job.summary.messages) * 1000;
    waits.sort((a, b) => a - b);
    return {
      database,
      state: job.state,
      messages: job.summary.messages,
      seconds: round(seconds),
      messagesPerSecond: Math.round(job.summary.messages / seconds),
      importServerCpuMs: round(importCpuMs, 3),
      sendServerCpuMs: round(sendCpuMs, 3),
      importVsSend: round(importCpuMs / sendCpuMs, 2),
      sendsMeanwhile: waits.length,
      sendWaitP50Ms: round(percentile(waits, 50)),
      sendWaitP95Ms: round(percentile(waits, 95)),
    };
  } finally {
    await node.stop();
    await db?.drop();
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
