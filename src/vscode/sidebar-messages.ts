// What the sidebar host tells the webview, computed from what the server said: a search response
// grouped by folder then file and numbered, and the index's state as one status line. Pure (no
// vscode): tested in test/vscode-sidebar-host.test.ts.
import { pathToFileURL } from 'node:url';
import type { SearchHit, SearchResponse, ServerStatus } from '../lsp/protocol';
import type { ClientPhase } from './describe';
import { statusSentence } from './describe';
import type { FileResults, FolderRef, FolderResults, ResultItem, ResultsMessage, StatusMessage } from './sidebar/protocol';

/** A workspace folder as the host knows it: the view's FolderRef plus the path the server names it by. */
export interface HostFolder extends FolderRef {
  fsPath: string;
}

const baseName = (p: string) => p.split(/[\\/]/).filter(Boolean).pop() ?? p;

/** The folder a hit came from; one the workspace no longer has keeps the server's path as its name. */
function folderOf(hit: Pick<SearchHit, 'folder'>, folders: HostFolder[]): HostFolder {
  return folders.find((f) => f.fsPath === hit.folder) ?? { uri: pathToFileURL(hit.folder).href, name: baseName(hit.folder), fsPath: hit.folder };
}

function itemOf(hit: SearchHit, n: number): ResultItem {
  return {
    n,
    id: hit.id,
    startLine: hit.startLine,
    endLine: hit.endLine,
    kind: hit.kind,
    language: hit.language,
    name: hit.name,
    qualifiedName: hit.qualifiedName,
    ...(hit.signature ? { signature: hit.signature } : {}),
    score: hit.score,
    snippet: hit.snippet,
    ...(hit.snippetCut ? { snippetCut: true } : {}),
    ...(hit.copies?.length ? { copies: hit.copies } : {}),
  };
}

/**
 * Hits (best first) as the view lists them: numbered by rank across every folder — the number an
 * answer cites — then grouped by folder and file, each group where its best hit ranks. The file
 * view's files keep their rank and why, grouped by folder the same way.
 */
export function resultsMessage(queryId: number, query: string, res: SearchResponse, folders: HostFolder[], tookMs: number): ResultsMessage {
  const groups: FolderResults[] = [];
  const groupOf = (where: Pick<SearchHit, 'folder'>) => {
    const folder = folderOf(where, folders);
    let group = groups.find((g) => g.folder.uri === folder.uri);
    if (!group) groups.push((group = { folder: { uri: folder.uri, name: folder.name }, files: [] }));
    return group;
  };
  let count = 0;
  if (res.files) {
    // The file view: files in rank order, their chunks numbered on from the files above (what an answer cites).
    res.files.forEach((f, i) => {
      const results = f.chunks.map((c) => itemOf(c, ++count));
      groupOf(f).files.push({ path: f.path, rank: i + 1, results, ...(f.why?.length ? { why: f.why } : {}) });
    });
  } else {
    const files = new Map<string, FileResults>();
    for (const hit of res.hits) {
      const group = groupOf(hit);
      const key = `${group.folder.uri}\n${hit.path}`;
      let file = files.get(key);
      if (!file) {
        files.set(key, (file = { path: hit.path, results: [] }));
        group.files.push(file);
      }
      file.results.push(itemOf(hit, ++count));
    }
  }
  return {
    type: 'results',
    queryId,
    query,
    folders: groups,
    multiRoot: folders.length > 1,
    count,
    ...(res.files ? { groupBy: 'file' as const } : {}),
    tookMs: Math.round(tookMs),
    ...(res.keywordOnly ? { keywordOnly: res.keywordOnly } : {}),
    vectors: res.vectors,
    ...(res.indexing ? { indexing: true } : {}),
  };
}

const PHASE_WORDS: Record<string, string> = { scan: 'scanning files', parse: 'parsing', save: 'saving', embed: 'computing vectors' };

/** The index's state as the view's status line shows it. */
export function statusMessage(phase: ClientPhase, s?: ServerStatus): StatusMessage {
  if (phase === 'untrusted') return { type: 'status', state: 'untrusted', message: statusSentence(phase, s) };
  if (phase === 'no-folder' || phase === 'stopped') return { type: 'status', state: 'error', message: statusSentence(phase, s) };
  if (phase !== 'running' || !s) return { type: 'status', state: 'starting' };
  const vectors = s.folders.reduce((v, f) => ({ embedded: v.embedded + f.embedded, total: v.total + f.chunks }), { embedded: 0, total: 0 });
  if (s.state === 'error') {
    const failed = s.folders.filter((f) => f.state === 'error').map((f) => `${baseName(f.root)}: ${f.message ?? 'unknown error'}`);
    return { type: 'status', state: 'error', message: `The index failed (${failed.join('; ') || 'unknown error'}).` };
  }
  if (s.state === 'indexing') {
    const p = s.folders.find((f) => f.progress)?.progress;
    return {
      type: 'status',
      state: 'indexing',
      ...(p ? { phase: PHASE_WORDS[p.phase] ?? p.phase } : {}),
      ...(p && p.total > 0 ? { percent: Math.min(100, (100 * p.done) / p.total) } : {}),
      vectors,
    };
  }
  return { type: 'status', state: s.state, vectors };
}
