import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startParley } from './proc';
import { register, runTag } from './parley-api';
import { writeResult } from './report';
import { round, summarize } from './stats';

const RANGE = 64 * 1024;

/**
 * Uploads of a large file through HTTP with encryption at rest, beside writing the same bytes to
 * disk unencrypted; 64 KiB Range reads of it, beside a plain 64 KiB read of a file on disk.
 */
export async function filesSuite(quick: boolean): Promise<void> {
  const megabytes = quick ? 10 : 50;
  const uploads = quick ? 2 : 5;
  const reads = quick ? 100 : 500;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-bench-'));
  const node = await startParley({
    DATA_DIR: dataDir,
    DATABASE_URL: 'memory://',
    MAX_UPLOAD_MB: String(megabytes + 1),
  });
  try {
    const cookie = await register(node.url, `f${runTag()}`);
    const data = randomBytes(megabytes * 1024 * 1024);
    const plainFile = path.join(dataDir, 'plain.bin');
    const upload: number[] = [];
    const plain: number[] = [];
    let fileId = '';
    for (let i = 0; i < uploads; i++) {
      let started = performance.now();
      fs.writeFileSync(plainFile, data);
      plain.push(performance.now() - started);
      const form = new FormData();
      form.append('file', new Blob([data]), 'big.bin');
      started = performance.now();
      const res = await fetch(`${node.url}/api/v1/files`, {
        method: 'POST',
        headers: { cookie, 'x-parley-csrf': '1' },
        body: form,
      });
      upload.push(performance.now() - started);
      if (res.status !== 201) throw new Error(`upload: ${res.status} ${await res.text()}`);
      fileId = ((await res.json()) as { file: { id: string } }).file.id;
    }
    const range: number[] = [];
    const disk: number[] = [];
    const handle = fs.openSync(plainFile, 'r');
    const buffer = Buffer.alloc(RANGE);
    for (let i = 0; i < reads; i++) {
      const at = Math.floor(Math.random() * (data.length - RANGE));
      let started = performance.now();
      const res = await fetch(`${node.url}/api/v1/files/${fileId}`, {
        headers: { cookie, range: `bytes=${at}-${at + RANGE - 1}` },
      });
      await res.arrayBuffer();
      range.push(performance.now() - started);
      if (res.status !== 206) throw new Error(`range: ${res.status}`);
      started = performance.now();
      fs.readSync(handle, buffer, 0, RANGE, at);
      disk.push(performance.now() - started);
    }
    fs.closeSync(handle);
    const mbps = (ms: number[]) => round(megabytes / (summarize(ms).p50 / 1000), 1);
    const ms = (samples: number[]) => {
      const s = summarize(samples);
      return { p50: round(s.p50, 2), p95: round(s.p95, 2) };
    };
    const result = {
      megabytes,
      uploadMBps: mbps(upload),
      plainWriteMBps: mbps(plain),
      uploadToPlainRatio: round(mbps(upload) / mbps(plain), 2),
      rangeMs: ms(range),
      plainReadMs: ms(disk),
    };
    console.table([
      { what: `upload ${megabytes} MB (encrypted at rest)`, 'MB/s (p50)': result.uploadMBps },
      { what: `write ${megabytes} MB to disk, plain`, 'MB/s (p50)': result.plainWriteMBps },
    ]);
    console.table([
      { what: '64 KiB Range read over HTTP', ...result.rangeMs },
      { what: '64 KiB read from disk, plain', ...result.plainReadMs },
    ]);
    writeResult('files', quick, { ...result, target: 'upload >= 0.5x plain write; 64 KiB Range < 5 ms' });
  } finally {
    await node.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
