// What the import and retention suites share: a server with an owner and someone chatting, the
// server CPU of a plain send as their baseline, and sends timed while a job runs.
import { cpuSeconds, sleep, startParley, type Child } from './proc';
import { call, createChannel, newClientId, register, runTag } from './parley-api';
import { postJson } from './http-post';
import { createDatabase, type BenchDatabase } from './services';
import { percentile, round } from './stats';

export type JobServer = {
  node: Child;
  db: BenchDatabase | undefined;
  owner: string;
  send: () => Promise<number>;
  /** Server CPU milliseconds per message sent one at a time. */
  sendCpuMs: number;
};

/** undefined when PostgreSQL is not there. */
export async function startJobServer(
  database: 'PGlite' | 'PostgreSQL',
  sends: number,
): Promise<JobServer | undefined> {
  const db = database === 'PostgreSQL' ? await createDatabase(`job_${runTag()}`) : undefined;
  if (database === 'PostgreSQL' && !db) return undefined;
  const node = await startParley({ DATABASE_URL: db?.url ?? 'memory://' });
  const owner = await register(node.url, `owner${runTag()}`);
  const chatter = await register(node.url, `chat${runTag()}`);
  const room = await createChannel(node.url, chatter, `busy-${runTag()}`);
  const sendUrl = `${node.url}/api/v1/channels/${room}/messages`;
  const send = () =>
    postJson(sendUrl, { cookie: chatter, 'x-parley-csrf': '1' }, { clientId: newClientId(), body: 'a line' });
  const before = cpuSeconds(node.pid);
  for (let i = 0; i < sends; i++) await send();
  return { node, db, owner, send, sendCpuMs: ((cpuSeconds(node.pid) - before) / sends) * 1000 };
}

export async function stopJobServer(server: JobServer): Promise<void> {
  await server.node.stop();
  await server.db?.drop();
}

type Job = { id: string; state: string; summary: { messages: number } };

/** Starts a Slack import of `zip` and waits for it, sending every 200 ms meanwhile; each send's wait in ms. */
export async function importWhileSending(server: JobServer, zip: Uint8Array, timeSends = true) {
  const { node, owner } = server;
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(zip)]), 'export.zip');
  const res = await fetch(`${node.url}/api/v1/admin/import/slack`, {
    method: 'POST',
    headers: { cookie: owner, 'x-parley-csrf': '1' },
    body: form,
  });
  let job = ((await res.json()) as { import: Job }).import;
  const waits = await sendingUntil(
    server,
    async () => {
      job = (await call(node.url, owner, 'GET', `/admin/imports/${job.id}`)).body.import;
      return job.state !== 'running';
    },
    timeSends,
  );
  return { job, waits };
}

/** Sends every 200 ms until `done`, and answers how long each send took. */
export async function sendingUntil(server: JobServer, done: () => Promise<boolean>, timeSends = true) {
  const waits: number[] = [];
  while (!(await done())) {
    if (timeSends) {
      const at = performance.now();
      await server.send();
      waits.push(performance.now() - at);
    }
    await sleep(200);
  }
  return waits.sort((a, b) => a - b);
}

export const waitFigures = (waits: number[]) => ({
  sendsMeanwhile: waits.length,
  sendWaitP50Ms: round(percentile(waits, 50)),
  sendWaitP95Ms: round(percentile(waits, 95)),
});
