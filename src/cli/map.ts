// `coderag map` and `coderag symbols`: the repo map and identifier search (fuzzy when nothing
// matches otherwise) from the command line.
import { InvalidArgumentError, mapOptionsOf, openWorkspace, symbolOptionsOf, type Workspace } from '../core/service/api';
import { quotePath } from './format';
import { parse, workspaceOf } from './args';
import type { Io } from './io';
import { warnIfStale } from './stale';

async function open(values: Record<string, unknown>): Promise<Workspace> {
  return openWorkspace({ ...workspaceOf(values), embedding: { enabled: false } });
}

export async function runMap(argv: string[], io: Io): Promise<number> {
  const { values } = parse('map', argv);
  const { tokens } = mapOptionsOf(values);
  const service = await open(values);
  try {
    const stale = warnIfStale(service, io);
    const result = await service.map({
      tokens: tokens ?? 1024,
      focus: values.focus as string[] | undefined,
      mentionedIdents: values.mention as string[] | undefined,
      mentionedFiles: values['mention-file'] as string[] | undefined,
    });
    await stale;
    if (values.json) io.out(JSON.stringify({ ...result, rankedFiles: result.rankedFiles.slice(0, 100) }, null, 1));
    else io.raw(result.text);
    return 0;
  } finally {
    await service.dispose();
  }
}

export async function runSymbols(argv: string[], io: Io): Promise<number> {
  const { values, positionals } = parse('symbols', argv);
  const query = positionals.join(' ').trim();
  if (!query) throw new InvalidArgumentError('symbols needs a query');
  const { limit, contextLines } = symbolOptionsOf(values);
  const service = await open(values);
  try {
    const stale = warnIfStale(service, io);
    const hits = await service.symbols(query, { limit: limit ?? 50, contextLines: contextLines ?? 2 });
    await stale;
    if (values.json) io.out(JSON.stringify(hits, null, 1));
    else {
      // Only the fallback marks hits fuzzy: say so once, above them.
      if (hits[0]?.match === 'fuzzy') io.out(`no exact, prefix or substring match for ${query}; nearest: ${[...new Set(hits.map((h) => h.name))].join(', ')}`);
      for (const h of hits) {
        io.out(`${quotePath(h.path)}:${h.line}  ${h.kind === 'def' ? 'definition' : 'reference'} ${h.name} (${h.category}, ${h.match})`);
        for (const c of h.context) io.out(`  ${String(c.line).padStart(5)}${c.line === h.line ? '>' : ' '} ${c.text}`);
      }
      if (!hits.length) io.out('no matching symbols');
    }
    return 0;
  } finally {
    await service.dispose();
  }
}
