// `coderag`: the command-line adapter over the core. Every command takes --root DIR and --json.
import { CodeIndex, type CodeIndexOptions } from '../core/index/code-index';
import { IndexWatcher } from '../core/watch/watch';
import { groupByFile } from '../core/search/hybrid';
import { SearchArgError, searchOptionsOf } from './search-args';
import { parse, parseByteSize, workspaceOf } from './args';
import { formatReport, formatResults, summary } from './format';
import { statusOf, formatStatus } from './status';
import { runMap, runSymbols } from './map';
import { runMcp } from '../mcp/server';
import { MIGRATE_USAGE, runFragments, runMigrate } from './migrate';
import { updateUnlessLocked } from '../core/service/service';
import { tuneJitForIndexing } from '../core/parse/jit';

const USAGE = `coderag — a local index of a codebase: tree-sitter chunks, hybrid search, a repo map.

Usage:
  coderag index   [--root DIR] [--rebuild] [--no-embeddings] [--model M] [--code-only | --with-docs] [--max-file-size BYTES] [--json]
  coderag search  "<query>" [--limit N] [--kind K] [--lang L] [--path GLOB] [--group] [--mode hybrid|keyword|vector] [--json]
  coderag status  [--skipped] [--json]
  coderag watch   [--no-embeddings] [--code-only | --with-docs] [--max-file-size BYTES]
  coderag map     [--tokens N] [--focus FILE]... [--mention IDENT]... [--json]
  coderag symbols QUERY [--json]
  coderag mcp     (an MCP server over stdio)
${MIGRATE_USAGE.join('\n')}

Common options: --root DIR (default: the current folder), --index-dir DIR (default: <root>/.coderag), --json.
--code-only leaves documentation out of the index; the index remembers it, and later runs (index,
watch, mcp) keep it until --with-docs (or --rebuild).`;

/** The options that choose the file set; an index remembers them, so a run without them keeps its mode. */
const fileSetOptions = {
  'code-only': { type: 'boolean' },
  'with-docs': { type: 'boolean' },
  'max-file-size': { type: 'string' },
} as const;

function indexOptions(values: Record<string, unknown>): CodeIndexOptions {
  if (values['code-only'] && values['with-docs']) throw new UsageError('--code-only and --with-docs contradict each other');
  return {
    ...workspaceOf(values),
    embedding: { enabled: !values['no-embeddings'], model: values.model as string | undefined },
    // Neither given: the mode the index was built with.
    codeOnly: values['code-only'] ? true : values['with-docs'] ? false : undefined,
    maxFileBytes: maxFileBytes(values['max-file-size'] as string | undefined),
  };
}

function maxFileBytes(text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  const bytes = parseByteSize(text);
  if (bytes === undefined) throw new UsageError(`--max-file-size ${text}: expected a size such as 1048576, 512KB or 2MB`);
  return bytes;
}

function progressPrinter(json: boolean): CodeIndexOptions['onProgress'] {
  if (json || !process.stderr.isTTY) return undefined;
  let last = 0;
  return (e) => {
    const now = Date.now();
    if (now - last < 200 && e.done !== e.total) return;
    last = now;
    process.stderr.write(`\r${e.phase} ${e.done}/${e.total}        `);
    if (e.done === e.total) process.stderr.write('\n');
  };
}

async function cmdIndex(argv: string[]): Promise<number> {
  const { values } = parse(argv, { rebuild: { type: 'boolean', default: false }, ...fileSetOptions });
  const opts = indexOptions(values);
  const index = await CodeIndex.open({ ...opts, onProgress: progressPrinter(!!values.json) });
  try {
    // The rebuild empties the folder under the writer lock: never under another writer's feet.
    const report = await index.update({ rebuild: values.rebuild ? 'requested (--rebuild)' : undefined });
    console.log(values.json ? JSON.stringify({ ...summary(report), report }, null, 1) : formatReport(report));
    // 3: the keyword index is saved but no vectors could be made (a CI script wants to know).
    return report.embeddingError ? 3 : report.errors.length ? 1 : 0;
  } finally {
    await index.close();
  }
}

/**
 * Search reads the index as it is; it writes only to build a keyword index where there is none,
 * never while another process writes (then it reads what is stored and says so).
 */
async function readyToRead(index: CodeIndex): Promise<void> {
  // Only `coderag index` rebuilds: a reader says what is wrong and stops.
  if (index.health.corrupt) throw new Error(index.corruptMessage());
  for (const n of index.health.notices) process.stderr.write(`coderag: ${n}\n`);
  const writer = index.health.writer;
  const rows = index.fileRows();
  if (writer) {
    if (index.health.missing) throw new Error(`the index at ${index.dir} is being built by another CodeRAG process (pid ${writer}); try again when it finishes`);
    process.stderr.write(`coderag: the index is being written by another CodeRAG process (pid ${writer}): results may be incomplete\n`);
    return;
  }
  if (index.health.missing || !rows.length || rows.some((r) => r.state === 'tags')) {
    process.stderr.write(`no full index yet at ${index.dir}: building the keyword index first (run \`coderag index\` for vectors too)\n`);
    const { locked } = await updateUnlessLocked(index, { embeddings: false });
    if (locked) process.stderr.write(`coderag: ${locked}: results may be incomplete\n`);
  }
}

async function cmdSearch(argv: string[]): Promise<number> {
  const { values, positionals } = parse(argv, {
    limit: { type: 'string' },
    kind: { type: 'string', multiple: true },
    lang: { type: 'string', multiple: true },
    path: { type: 'string' },
    group: { type: 'boolean', default: false },
    mode: { type: 'string' },
    fusion: { type: 'string' },
    'code-only': { type: 'boolean', default: false },
  });
  const query = positionals.join(' ').trim();
  if (!query) throw new UsageError('search needs a query');
  const opts = searchOptionsOf(values);
  // Here --code-only filters results; it does not change what the index holds.
  const index = await CodeIndex.open(indexOptions({ ...values, 'code-only': false }));
  try {
    await readyToRead(index);
    // Vectors missing or unusable: vector mode fails (exit 3), hybrid says it ran on keywords alone.
    const noVectors = opts.mode === 'keyword' ? undefined : await index.vectorProblem();
    if (noVectors && opts.mode === 'vector') {
      console.error(`coderag: vector search unavailable: ${noVectors}`);
      return 3;
    }
    if (noVectors) console.error(`coderag: keyword-only results: ${noVectors}`);
    let results = await index.search(query, opts);
    if (noVectors && values.json) results = results.map((r) => ({ ...r, keywordOnly: noVectors }));
    if (values.json) console.log(JSON.stringify(values.group ? groupByFile(results) : results, null, 1));
    else if (values.group) {
      for (const g of groupByFile(results)) console.log(`${g.path}\n${formatResults(g.results).replace(/^/gm, '  ')}\n`);
    } else console.log(formatResults(results));
    return 0;
  } finally {
    await index.close();
  }
}

async function cmdStatus(argv: string[]): Promise<number> {
  const { values } = parse(argv, { skipped: { type: 'boolean', default: false } });
  const index = await CodeIndex.open(indexOptions(values));
  try {
    if (index.health.corrupt) {
      // A failed read: non-zero, so a script notices; the message says what rebuilds it.
      if (values.json) console.log(JSON.stringify({ root: index.root, indexDir: index.dir, corrupt: index.health.corrupt, writer: index.health.writer }, null, 1));
      console.error(`coderag: ${index.corruptMessage()}`);
      return 1;
    }
    if (index.health.missing) {
      // An answer, not a failure: exit 0, and nothing is created.
      const building = index.health.writer ? ` (being built by pid ${index.health.writer})` : '; run `coderag index`';
      console.log(values.json ? JSON.stringify({ root: index.root, indexDir: index.dir, indexed: false, writer: index.health.writer }, null, 1) : `no index yet at ${index.dir}${building}`);
      return 0;
    }
    const status = await statusOf(index, !!values.skipped);
    console.log(values.json ? JSON.stringify(status, null, 1) : formatStatus(status));
    return 0;
  } finally {
    await index.close();
  }
}

async function cmdWatch(argv: string[]): Promise<number> {
  const { values } = parse(argv, fileSetOptions);
  const index = await CodeIndex.open(indexOptions(values));
  const json = !!values.json;
  const log = (o: unknown, text: string) => console.log(json ? JSON.stringify(o) : text);
  const first = await index.update();
  log({ event: 'indexed', ...summary(first), ...(first.scanChanged ? { scanChanged: first.scanChanged } : {}) }, formatReport(first));
  const watcher = new IndexWatcher(index, {
    embeddings: !values['no-embeddings'],
    onUpdate: (r, paths) =>
      log({ event: 'updated', paths: paths === 'all' ? 'all' : paths.length, ...summary(r) }, `${new Date().toLocaleTimeString()} ${JSON.stringify(summary(r))}`),
    onError: (err) => log({ event: 'error', message: err.message }, `error: ${err.message}`),
  });
  await watcher.start();
  // Listening before saying so: a supervisor may send SIGTERM the moment it reads 'watching'.
  const stopped = new Promise<void>((resolve) => {
    process.once('SIGINT', resolve);
    process.once('SIGTERM', resolve);
  });
  log({ event: 'watching', root: index.root }, `watching ${index.root} (Ctrl-C to stop)`);
  await stopped;
  await watcher.stop();
  await index.close();
  return 0;
}

class UsageError extends Error {}

/** `coderag <command> --help`: that command's usage line(s) from USAGE, and nothing run. */
function commandUsage(command: string): string | undefined {
  const own = USAGE.split('\n').filter((l) => l.trimStart().startsWith(`coderag ${command} `));
  if (!own.length) return undefined;
  return `Usage:\n${own.join('\n')}\n\n${USAGE.slice(USAGE.indexOf('Common options:'))}`;
}

function asksHelp(args: string[]): boolean {
  const end = args.indexOf('--');
  return (end < 0 ? args : args.slice(0, end)).some((a) => a === '--help' || a === '-h');
}

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  const usage = command && asksHelp(rest) ? commandUsage(command) : undefined;
  if (usage) {
    console.log(usage);
    return 0;
  }
  switch (command) {
    case 'index':
      return cmdIndex(rest);
    case 'search':
      return cmdSearch(rest);
    case 'status':
      return cmdStatus(rest);
    case 'watch':
      return cmdWatch(rest);
    case 'map':
      return runMap(rest);
    case 'symbols':
      return runSymbols(rest);
    case 'mcp':
      return runMcp(rest);
    case 'migrate':
      return runMigrate(rest);
    case 'fragments':
      return runFragments(rest);
    case undefined:
    case '-h':
    case '--help':
    case 'help':
      console.log(USAGE);
      return command ? 0 : 2;
    default:
      throw new UsageError(`unknown command ${command}`);
  }
}

// This process is ours: tuned for the parse workers it may start.
tuneJitForIndexing();
main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (err) => {
    const usage = err instanceof UsageError || err instanceof SearchArgError || (err as NodeJS.ErrnoException).code?.startsWith?.('ERR_PARSE_ARGS');
    console.error(`coderag: ${(err as Error).message}`);
    if (usage) console.error(err instanceof SearchArgError ? commandUsage('search') : USAGE);
    process.exitCode = usage ? 2 : 1;
  },
);
