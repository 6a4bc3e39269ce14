// One writer per index: a lock file holding the writer's pid. A lock left by a killed process is
// detected (its pid is gone) and taken over. Within one process the locks it holds are known, so
// a second service object on the same index is refused too, not mistaken for a stale lock.
import * as fs from 'node:fs';

export class IndexLockedError extends Error {}

/** Lock files this process holds now: its own pid in a lock file it does not hold is a dead process's (a reused pid). */
const held = new Set<string>();

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
  // A process that has exited but is not reaped yet still answers signal 0: a writer killed with
  // its launcher is adopted by whatever reaps orphans, and some containers' first process never
  // does. Its state says it is dead (Linux).
  try {
    return !/^\d+ \(.*\) Z/.test(fs.readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return true;
  }
}

export function acquireLock(file: string): () => void {
  if (held.has(file)) throw new IndexLockedError('another CodeRAG service in this process is writing this index; wait for it');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(file, String(process.pid), { flag: 'wx' });
      held.add(file);
      return () => {
        held.delete(file);
        try {
          if (fs.readFileSync(file, 'utf8') === String(process.pid)) fs.unlinkSync(file);
        } catch {
          /* already gone */
        }
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const pid = Number(fs.readFileSync(file, 'utf8').trim());
      if (pid && pid !== process.pid && alive(pid)) {
        throw new IndexLockedError(`another CodeRAG process (pid ${pid}) is writing this index; wait for it or stop it`);
      }
      fs.rmSync(file, { force: true });
    }
  }
  throw new IndexLockedError(`cannot take the index lock ${file}`);
}

/** The pid of the live process holding the lock, if any (a lock left by a dead process is none). */
export function lockHolder(file: string): number | undefined {
  let pid: number;
  try {
    pid = Number(fs.readFileSync(file, 'utf8').trim());
  } catch {
    return undefined;
  }
  if (pid === process.pid) return held.has(file) ? pid : undefined;
  return pid && alive(pid) ? pid : undefined;
}
