import fs from 'node:fs';
import path from 'node:path';

/**
 * Refuses a second process on the same embedded database; returns the release function. The lock
 * names the holder's pid and start time, and counts only while that very process runs: a killed
 * holder that its parent has not reaped yet, or a pid reused by another program, does not hold it.
 */
export function acquireDataDirLock(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, 'parley.lock');
  const mine = `${process.pid} ${procStat(process.pid)?.startTime ?? ''}`.trim();
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      fs.writeFileSync(file, mine, { flag: 'wx', mode: 0o600 });
      return () => {
        if (readLock(file) === mine) fs.rmSync(file, { force: true });
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const [pid, startTime] = (readLock(file) ?? '').split(' ');
      const holder = Number(pid);
      if (holder && holder !== process.pid && isRunning(holder, startTime)) {
        throw new Error(
          `Another Parley process (pid ${holder}) is using ${dataDir}. Stop it, or give this one its own DATA_DIR.`,
        );
      }
      // The holder is gone (kill -9, power loss): take the lock over.
      fs.rmSync(file, { force: true });
    }
  }
  throw new Error(`Could not lock ${dataDir}`);
}

/** The pid holding DATA_DIR's lock while it runs, for tools that must not open the database beside it. */
export function dataDirHolder(dataDir: string): number | undefined {
  const [pid, startTime] = (readLock(path.join(dataDir, 'parley.lock')) ?? '').split(' ');
  const holder = Number(pid);
  return holder && holder !== process.pid && isRunning(holder, startTime) ? holder : undefined;
}

function readLock(file: string): string | undefined {
  try {
    return fs.readFileSync(file, 'utf8').trim();
  } catch {
    return undefined;
  }
}

function isRunning(pid: number, startTime: string | undefined): boolean {
  const stat = procStat(pid);
  if (stat === undefined) return signalable(pid);
  if (stat === null) return false;
  // Z: killed, not yet reaped; an empty command line: exiting, its memory already released.
  if (stat.state === 'Z' || stat.state === 'X' || !stat.hasCommandLine) return false;
  return !startTime || stat.startTime === startTime;
}

type ProcStat = { state: string; startTime: string; hasCommandLine: boolean };

/** Linux's view of a process; null when it is gone, undefined where there is no /proc. */
function procStat(pid: number): ProcStat | null | undefined {
  if (!fs.existsSync('/proc/self/stat')) return undefined;
  try {
    const text = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name, which may itself hold spaces and parentheses: state is field 3, start time 22.
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
    const hasCommandLine = fs.readFileSync(`/proc/${pid}/cmdline`).length > 0;
    return { state: fields[0] ?? '', startTime: fields[19] ?? '', hasCommandLine };
  } catch {
    return null;
  }
}

function signalable(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}
