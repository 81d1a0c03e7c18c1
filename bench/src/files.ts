import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { startParley } from './proc';
import { register, runTag } from './parley-api';
import { writeResult } from './report';
import { round, summarize } from './stats';

const RANGE = 64 * 1024;
const BOUNDARY = 'parleybenchboundary7MA4YWxkTrZu0gW';

function postBody(url: string, body: Buffer, headers: Record<string, string>) {
  return new Promise<{ status: number; text: string }>((resolve, reject) => {
    const req = http.request(url, { method: 'POST', headers: { ...headers, 'content-length': body.length } });
    req.on('response', (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (part: string) => (text += part));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** What the upload does with the bytes, less the encryption: a new file, written and synced to disk. */
function durableWrite(file: string, data: Buffer) {
  const fd = fs.openSync(file, 'w', 0o600);
  fs.writeSync(fd, data);
  fs.fdatasyncSync(fd);
  fs.closeSync(fd);
}

/** A multipart/form-data body with one file in the field `file`. */
function multipartBody(data: Buffer, name: string): Buffer {
  const head = `--${BOUNDARY}\r\ncontent-disposition: form-data; name="file"; filename="${name}"\r\ncontent-type: application/octet-stream\r\n\r\n`;
  return Buffer.concat([Buffer.from(head), data, Buffer.from(`\r\n--${BOUNDARY}--\r\n`)]);
}

/**
 * Uploads of a large file through HTTP with encryption at rest, beside writing the same bytes to
 * disk unencrypted (to the page cache, and to a new file synced as the upload is); 64 KiB Range
 * reads of it, beside a plain 64 KiB read of a file on disk.
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
    // The form is made once and sent by node:http, as a browser sends a file it has: fetch's body
    // streaming cost the client more than the server its whole upload.
    const form = multipartBody(data, 'big.bin');
    const plainFile = path.join(dataDir, 'plain.bin');
    const upload: number[] = [];
    const plain: number[] = [];
    const durable: number[] = [];
    let fileId = '';
    for (let i = 0; i < uploads; i++) {
      let started = performance.now();
      fs.writeFileSync(plainFile, data);
      plain.push(performance.now() - started);
      started = performance.now();
      durableWrite(path.join(dataDir, 'durable.bin'), data);
      durable.push(performance.now() - started);
      fs.rmSync(path.join(dataDir, 'durable.bin'));
      started = performance.now();
      const res = await postBody(`${node.url}/api/v1/files`, form, {
        cookie,
        'x-parley-csrf': '1',
        'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
      });
      upload.push(performance.now() - started);
      if (res.status !== 201) throw new Error(`upload: ${res.status} ${res.text}`);
      fileId = (JSON.parse(res.text) as { file: { id: string } }).file.id;
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
      durableWriteMBps: mbps(durable),
      uploadToDurableRatio: round(mbps(upload) / mbps(durable), 2),
      rangeMs: ms(range),
      plainReadMs: ms(disk),
    };
    console.table([
      { what: `upload ${megabytes} MB (encrypted at rest)`, 'MB/s (p50)': result.uploadMBps },
      { what: `write ${megabytes} MB to disk, plain`, 'MB/s (p50)': result.plainWriteMBps },
      {
        what: `write ${megabytes} MB to a new file and sync it, plain`,
        'MB/s (p50)': result.durableWriteMBps,
      },
    ]);
    console.table([
      { what: '64 KiB Range read over HTTP', ...result.rangeMs },
      { what: '64 KiB read from disk, plain', ...result.plainReadMs },
    ]);
    writeResult('files', quick, {
      ...result,
      target: 'upload >= 0.5x a plain write to disk (synced, as the upload is); 64 KiB Range < 5 ms',
    });
  } finally {
    await node.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
