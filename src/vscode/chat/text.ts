// Plain-text renderings shared by the chat participant and the language-model tools. Pure (no
// vscode): test/vscode-chat-text.test.ts.
import type { ChatHit, ChatMapResult, ChatSearchResult, ChatSymbolHit } from '../../lsp/protocol';

const FENCES: Record<string, string> = {
  py: 'python', ts: 'typescript', tsx: 'tsx', js: 'javascript', jsx: 'jsx', mjs: 'javascript', cjs: 'javascript', go: 'go', rs: 'rust', java: 'java',
  c: 'c', h: 'c', cc: 'cpp', cpp: 'cpp', hpp: 'cpp', cs: 'csharp', rb: 'ruby', gd: 'gdscript', md: 'markdown', json: 'json', yaml: 'yaml', yml: 'yaml', toml: 'toml', sh: 'bash',
};

/** The code-fence language for a path ('' when unknown). */
export function fenceOf(path: string): string {
  const ext = /\.([a-z0-9]+)$/i.exec(path)?.[1]?.toLowerCase();
  return (ext && FENCES[ext]) || '';
}

export function lineSpan(start: number, end: number): string {
  return end > start ? `${start}-${end}` : `${start}`;
}

/** A fence that the text cannot close early (a chunk may hold ``` itself). */
export function fenced(text: string, language = ''): string {
  const longest = Math.max(2, ...[...text.matchAll(/`+/g)].map((m) => m[0].length));
  const fence = '`'.repeat(longest + 1);
  return `${fence}${language}\n${text}\n${fence}`;
}

/** Hits whose words matched count as found; vector-only neighbours of a query that matched nothing do not. */
export function groundedHits(hits: ChatHit[]): ChatHit[] {
  return hits.some((h) => h.matchedWords) ? hits : [];
}

const describeHit = (h: ChatHit) => `${h.kind}${h.name ? ` ${h.name}` : ''}`;

export function searchToolText(query: string, r: ChatSearchResult, limit: number): string {
  const hits = groundedHits(r.hits).slice(0, limit);
  const note = r.note ? `\nNote: ${r.note}` : '';
  if (!hits.length) return `No code in this workspace matches "${query}".${note}`;
  const blocks = hits.map((h, i) => `${i + 1}. ${h.path}:${lineSpan(h.startLine, h.endLine)} (${describeHit(h)})\nfile: ${h.file}\n${fenced(h.snippet, fenceOf(h.path))}`);
  return `${hits.length} result${hits.length === 1 ? '' : 's'} for "${query}", best first (lines are 1-based, inclusive):${note}\n\n${blocks.join('\n\n')}`;
}

export function mapToolText(r: ChatMapResult, maxFiles = 20): string {
  const note = r.note ? `Note: ${r.note}\n\n` : '';
  if (!r.folders.length) return `${note}No repo map: no indexed folder.`;
  return (
    note +
    r.folders
      .map((f) => {
        const ranked = f.ranked
          .slice(0, maxFiles)
          .map((x, i) => `${i + 1}. ${x.path} (rank ${x.rank.toFixed(4)})${x.definitions.length ? `: ${x.definitions.slice(0, 5).map((d) => `${d.name} L${lineSpan(d.line, d.endLine)}`).join(', ')}` : ''}`)
          .join('\n');
        return `Repo map of ${f.root} (${f.tokens} tokens; files ranked by PageRank over definitions and references):\n\n${f.text || '(empty)'}\n\nMost important files:\n${ranked}`;
      })
      .join('\n\n')
  );
}

export function symbolsToolText(query: string, hits: ChatSymbolHit[]): string {
  if (!hits.length) return `No symbol named "${query}" (exactly, by prefix or containing it) is defined or used in this workspace.`;
  const rows = hits.map((h) => {
    const where = `${h.path}:${h.kind === 'def' ? lineSpan(h.line, h.endLine) : h.line}`;
    const line = h.context.find((c) => c.line === h.line)?.text.trim();
    return `- ${h.kind === 'def' ? 'definition' : 'reference'} ${h.category} ${h.name} at ${where} (${h.match} match; file: ${h.file})${line ? `\n    ${line}` : ''}`;
  });
  return `${hits.length} symbol hit${hits.length === 1 ? '' : 's'} for "${query}" (definitions first; lines 1-based):\n${rows.join('\n')}`;
}
