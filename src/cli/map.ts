// `coderag map` and `coderag symbols`: the repo map and identifier search (fuzzy when nothing
// matches otherwise) from the command line.
import { openWorkspace, type Workspace } from '../core/service/api';
import { parse, workspaceOf } from './args';
import type { Io } from './io';

async function open(values: Record<string, unknown>): Promise<Workspace> {
  return openWorkspace({ ...workspaceOf(values), embedding: { enabled: false } });
}

export async function runMap(argv: string[], io: Io): Promise<number> {
  const { values } = parse(argv, {
    tokens: { type: 'string' },
    focus: { type: 'string', multiple: true },
    mention: { type: 'string', multiple: true },
    'mention-file': { type: 'string', multiple: true },
  });
  const service = await open(values);
  try {
    const result = await service.map({
      tokens: values.tokens ? Number(values.tokens) : 1024,
      focus: values.focus as string[] | undefined,
      mentionedIdents: values.mention as string[] | undefined,
      mentionedFiles: values['mention-file'] as string[] | undefined,
    });
    if (values.json) io.out(JSON.stringify({ ...result, rankedFiles: result.rankedFiles.slice(0, 100) }, null, 1));
    else io.raw(result.text);
    return 0;
  } finally {
    await service.dispose();
  }
}

export async function runSymbols(argv: string[], io: Io): Promise<number> {
  const { values, positionals } = parse(argv, { limit: { type: 'string' }, context: { type: 'string' } });
  const query = positionals.join(' ').trim();
  if (!query) throw new Error('symbols needs a query');
  const service = await open(values);
  try {
    const hits = await service.symbols(query, {
      limit: values.limit ? Number(values.limit) : 50,
      contextLines: values.context ? Number(values.context) : 2,
    });
    if (values.json) io.out(JSON.stringify(hits, null, 1));
    else {
      // Only the fallback marks hits fuzzy: say so once, above them.
      if (hits[0]?.match === 'fuzzy') io.out(`no exact, prefix or substring match for ${query}; nearest: ${[...new Set(hits.map((h) => h.name))].join(', ')}`);
      for (const h of hits) {
        io.out(`${h.path}:${h.line}  ${h.kind === 'def' ? 'definition' : 'reference'} ${h.name} (${h.category}, ${h.match})`);
        for (const c of h.context) io.out(`  ${String(c.line).padStart(5)}${c.line === h.line ? '>' : ' '} ${c.text}`);
      }
      if (!hits.length) io.out('no matching symbols');
    }
    return 0;
  } finally {
    await service.dispose();
  }
}
