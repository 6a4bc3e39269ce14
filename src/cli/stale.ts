// What a reading command says about an index it reads as stored: how far behind the workspace it
// is. Reading commands never update an index that exists (only `index` and `watch` write).
import type { Staleness, Workspace } from '../core/service/api';
import type { Io } from './io';

export function staleNote(s: Staleness): string | undefined {
  const n = s.changed.length + s.deleted.length;
  if (!n) return undefined;
  const what = [s.changed.length && `${s.changed.length} changed`, s.deleted.length && `${s.deleted.length} deleted`].filter(Boolean).join(', ');
  const some = [...s.changed, ...s.deleted].slice(0, 3).join(', ');
  return `the index is behind the workspace: ${n} indexed file${n === 1 ? '' : 's'} ${what} since (${some}${n > 3 ? ', …' : ''}); results are as stored: run \`coderag index\`, or keep \`coderag watch\` running`;
}

/** Says on stderr when the index is stale; resolves once it has looked (run it beside the command's own work). */
export async function warnIfStale(ws: Workspace, io: Io): Promise<void> {
  if (!ws.complete && ws.health.missing) return;
  const note = staleNote(await ws.stale());
  if (note) io.err(`coderag: ${note}`);
}
