// Preloaded into a bench server child (--import, --expose-gc): answers 'heap' over IPC after a full GC.
import { writeHeapSnapshot } from 'node:v8';

type Gc = (options?: { type: 'major'; execution: 'sync' }) => void;

process.on('message', (message) => {
  // BENCH_HEAP_SNAPSHOT: a snapshot per step, to see what each connection keeps.
  if (typeof message === 'object' && message && 'snapshot' in message) {
    writeHeapSnapshot(String(message.snapshot));
    return void process.send?.({ written: message.snapshot });
  }
  if (message !== 'heap') return;
  (globalThis as { gc?: Gc }).gc?.();
  const { heapUsed, external, arrayBuffers } = process.memoryUsage();
  process.send?.({ heapUsed, external, arrayBuffers });
});
// The IPC channel must not keep a stopping server alive.
process.channel?.unref();
