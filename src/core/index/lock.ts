// One writer per index: a lock file holding the writer's pid. A lock left by a killed process is
// detected (its pid is gone) and taken over.
import * as fs from 'node:fs';

export class IndexLockedError extends Error {}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export function acquireLock(file: string): () => void {
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(file, String(process.pid), { flag: 'wx' });
      return () => {
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
  return pid && alive(pid) ? pid : undefined;
}
