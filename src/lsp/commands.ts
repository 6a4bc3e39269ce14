// The editor's commands as requests: reindex, pause and resume, cancel, clear, the skipped files.
// Each acts on one folder (`folder`) or all of them.
import type { Connection } from 'vscode-languageserver/node';
import type { FolderSet } from './folders';
import { CANCEL_REQUEST, CLEAR_REQUEST, type FolderParams, PAUSE_REQUEST, REINDEX_REQUEST, RESUME_REQUEST, SKIPPED_REQUEST, type SkippedFolder } from './protocol';

export const CLEARED = 'cleared from the editor (CodeRAG: Clear Index)';

export function registerCommands(connection: Connection, folders: () => FolderSet, changed: () => void): void {
  const each = (p: FolderParams | undefined, fn: (t: ReturnType<FolderSet['list']>[number]) => void) => {
    for (const t of folders().pick(p?.folder)) fn(t);
    changed();
  };
  connection.onRequest(REINDEX_REQUEST, (p?: FolderParams) => each(p, (t) => t.reindex()));
  connection.onRequest(CANCEL_REQUEST, (p?: FolderParams) => each(p, (t) => t.cancel()));
  connection.onRequest(CLEAR_REQUEST, (p?: FolderParams) => each(p, (t) => t.reindex(CLEARED)));
  connection.onRequest(PAUSE_REQUEST, () => {
    folders().scheduler.pause();
    changed();
  });
  connection.onRequest(RESUME_REQUEST, () => {
    folders().scheduler.resume();
    changed();
  });
  connection.onRequest(SKIPPED_REQUEST, (p?: FolderParams): Promise<SkippedFolder[]> =>
    Promise.all(folders().pick(p?.folder).map(async (t) => ({ root: t.root, skipped: await t.folder.skipped() }))),
  );
}
