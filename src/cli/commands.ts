// The `coderag` commands over the core's service API, writing through an Io (io.ts) so they run
// the same in the binary (main.ts) and in tests. Every command takes --root DIR and --json.
import {
  groupByFile, InvalidArgumentError, MAX_PARSE_FILE_BYTES, NoVectorsError, openWorkspace, type OpenOptions, type ProgressEvent, searchOptionsOf,
  tooLarge, type Workspace,
} from '../core/service/api';
import { parse, parseByteSize, workspaceOf } from './args';
import { COMMANDS, commandHelp, overview, usageLine } from './spec';
import { formatReport, formatResults, formatStatus, summary } from './format';
import type { Io } from './io';
import { runMap, runSymbols } from './map';
import { warnIfStale } from './stale';
import { runMcp } from '../mcp/server';
import { runLsp } from '../lsp/main';
import { runFragments, runMigrate } from './migrate';

function openOptions(values: Record<string, unknown>): OpenOptions {
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
  if (bytes > MAX_PARSE_FILE_BYTES) throw new UsageError(`--max-file-size ${text}: ${tooLarge}`);
  return bytes;
}

/** A progress line on a terminal, at most five times a second; nothing when piped or with --json. */
function progressPrinter(json: boolean, io: Io): ((e: ProgressEvent) => void) | undefined {
  const write = io.progress;
  if (json || !write) return undefined;
  let last = 0;
  return (e) => {
    const now = Date.now();
    const [done, total] = e.phase === 'embed' ? [e.vectors.done, e.vectors.total] : [e.files.done, e.files.total];
    if (now - last < 200 && e.phase !== 'done') return;
    last = now;
    if (e.phase === 'done') write('\r\x1b[K');
    else write(`\r\x1b[K${e.phase} ${done}/${total}${e.waitingOn ? ` (waiting: ${e.waitingOn})` : ''}`);
  };
}

async function withWorkspace<T>(opts: OpenOptions, fn: (ws: Workspace) => Promise<T>): Promise<T> {
  const ws = await openWorkspace(opts);
  try {
    return await fn(ws);
  } finally {
    await ws.dispose();
  }
}

async function cmdIndex(argv: string[], io: Io): Promise<number> {
  const { values } = parse('index', argv);
  return withWorkspace(openOptions(values), async (ws) => {
    const printer = progressPrinter(!!values.json, io);
    if (printer) ws.onDidProgress(printer);
    // The rebuild empties the folder under the writer lock: never under another writer's feet.
    const report = await ws.index({ rebuild: values.rebuild ? 'requested (--rebuild)' : undefined }).report;
    io.out(values.json ? JSON.stringify({ ...summary(report), report }, null, 1) : formatReport(report));
    // 3: the keyword index is saved but no vectors could be made (a CI script wants to know).
    return report.embeddingError ? 3 : report.errors.length ? 1 : 0;
  });
}

/**
 * Search reads the index as it is; it writes only to build a keyword index where there is none,
 * never while another process writes (then it reads what is stored and says so).
 */
async function readyToRead(ws: Workspace, io: Io): Promise<void> {
  // Only `coderag index` rebuilds: a reader says what is wrong and stops.
  const problem = ws.problem();
  if (problem) throw new Error(problem);
  for (const n of ws.health.notices) io.err(`coderag: ${n}`);
  const writer = ws.health.writer;
  if (writer) {
    io.err(`coderag: the index is being written by another CodeRAG process (pid ${writer}): results may be incomplete`);
    return;
  }
  if (!ws.complete) {
    io.err(`no full index yet at ${ws.indexDir}: building the keyword index first (run \`coderag index\` for vectors too)`);
    const report = await ws.ready();
    for (const n of report.notes) if (!n.path) io.err(`coderag: ${n.note.replace(/: answering from what is stored$/, '')}: results may be incomplete`);
  }
}

async function cmdSearch(argv: string[], io: Io): Promise<number> {
  const { values, positionals } = parse('search', argv);
  const query = positionals.join(' ').trim();
  if (!query) throw new UsageError('search needs a query');
  const opts = searchOptionsOf(values);
  // Here --code-only filters results; it does not change what the index holds.
  return withWorkspace(openOptions({ ...values, 'code-only': false }), async (ws) => {
    await readyToRead(ws, io);
    const stale = warnIfStale(ws, io);
    let response;
    try {
      response = await ws.search(query, opts);
      await stale;
    } catch (err) {
      // Vectors missing or unusable: vector mode fails (exit 3), hybrid says it ran on keywords alone.
      if (!(err instanceof NoVectorsError)) throw err;
      io.err(`coderag: vector search unavailable: ${err.message}`);
      return 3;
    }
    if (response.damaged) io.err(`coderag: ${response.damaged}`);
    const noVectors = response.keywordOnly;
    if (noVectors) io.err(`coderag: keyword-only results: ${noVectors}`);
    const results = noVectors && values.json ? response.results.map((r) => ({ ...r, keywordOnly: noVectors })) : response.results;
    if (values.json) io.out(JSON.stringify(values.group ? groupByFile(results) : results, null, 1));
    else if (values.group) {
      for (const g of groupByFile(results)) io.out(`${g.path}\n${formatResults(g.results).replace(/^/gm, '  ')}\n`);
    } else io.out(formatResults(results));
    return 0;
  });
}

async function cmdStatus(argv: string[], io: Io): Promise<number> {
  const { values } = parse('status', argv);
  return withWorkspace(openOptions(values), async (ws) => {
    const h = ws.health;
    if (h.corrupt) {
      // A failed read: non-zero, so a script notices; the message says what rebuilds it.
      if (values.json) io.out(JSON.stringify({ root: ws.root, indexDir: ws.indexDir, corrupt: h.corrupt, writer: h.writer }, null, 1));
      io.err(`coderag: ${ws.problem() ?? h.corrupt}`);
      return 1;
    }
    if (h.missing && !h.degraded) {
      // An answer, not a failure: exit 0, and nothing is created.
      const building = h.writer ? ` (being built by pid ${h.writer})` : '; run `coderag index`';
      io.out(values.json ? JSON.stringify({ root: ws.root, indexDir: ws.indexDir, indexed: false, writer: h.writer }, null, 1) : `no index yet at ${ws.indexDir}${building}`);
      return 0;
    }
    const status = await ws.status({ skipped: !!values.skipped });
    io.out(values.json ? JSON.stringify(status, null, 1) : formatStatus(status));
    return 0;
  });
}

async function cmdWatch(argv: string[], io: Io): Promise<number> {
  const { values } = parse('watch', argv);
  const ws = await openWorkspace(openOptions(values));
  const json = !!values.json;
  // One format per flag, the same as `index`: its summary as text, or one JSON object per line.
  const log = (o: unknown, text: string) => io.out(json ? JSON.stringify(o) : text);
  const first = await ws.index().report;
  // With --json each event is `index --json`'s object (summary and report) on one line, with its name.
  log({ event: 'indexed', ...summary(first), report: first }, formatReport(first));
  ws.onDidUpdate(({ report, paths }) => {
    // A pass that found nothing to change (the catch-up as the watch begins, a save without an edit) is not news.
    const news = report.indexed || report.deleted || report.errors.length || report.embedded || report.rebuilt || report.repaired.length;
    if (report.runId === first.runId || !news) return;
    log({ event: 'updated', paths: paths === 'all' ? 'all' : paths.length, ...summary(report), report }, `${new Date().toLocaleTimeString()} ${formatReport(report)}`);
  });
  ws.onDidError((err) => log({ event: 'error', message: err.message }, `error: ${err.message}`));
  await ws.watch({ source: 'chokidar' });
  // Listening before saying so: a supervisor may send SIGTERM the moment it reads 'watching'.
  const stopped = new Promise<void>((resolve) => {
    process.once('SIGINT', resolve);
    process.once('SIGTERM', resolve);
    void io.closed?.then(resolve);
  });
  log({ event: 'watching', root: ws.root }, `watching ${ws.root} (Ctrl-C to stop)`);
  await stopped;
  await ws.dispose();
  return 0;
}

class UsageError extends Error {}

function asksHelp(args: string[]): boolean {
  const end = args.indexOf('--');
  return (end < 0 ? args : args.slice(0, end)).some((a) => a === '--help' || a === '-h');
}

export async function runCommand(argv: string[], io: Io): Promise<number> {
  const [command, ...rest] = argv;
  if (command && command in COMMANDS && asksHelp(rest)) {
    io.out(commandHelp(command));
    return 0;
  }
  switch (command) {
    case 'index':
      return cmdIndex(rest, io);
    case 'search':
      return cmdSearch(rest, io);
    case 'status':
      return cmdStatus(rest, io);
    case 'watch':
      return cmdWatch(rest, io);
    case 'map':
      return runMap(rest, io);
    case 'symbols':
      return runSymbols(rest, io);
    case 'mcp':
      return runMcp(parse('mcp', rest).values as Parameters<typeof runMcp>[0]);
    case 'lsp':
      return runLsp(rest, io.err);
    case 'migrate':
      return runMigrate(rest, io);
    case 'fragments':
      return runFragments(rest, io);
    case undefined:
    case '-h':
    case '--help':
    case 'help':
      io.out(overview());
      return command ? 0 : 2;
    default:
      throw new UsageError(`unknown command ${command}`);
  }
}

/**
 * A command run to its exit code: usage errors (an unknown option, an invalid value) are 2 with
 * the command's usage line, other failures 1 with the message.
 */
export async function runCli(argv: string[], io: Io): Promise<number> {
  try {
    return await runCommand(argv, io);
  } catch (err) {
    const usage = err instanceof UsageError || err instanceof InvalidArgumentError || (err as NodeJS.ErrnoException).code?.startsWith?.('ERR_PARSE_ARGS');
    io.err(`coderag: ${(err as Error).message}`);
    if (usage) {
      const command = argv[0];
      io.err(command && command in COMMANDS ? `Usage: ${usageLine(command)}   (coderag ${command} --help lists the options)` : overview());
    }
    return usage ? 2 : 1;
  }
}
