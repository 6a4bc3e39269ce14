// `npm run bench -- --only editor`: the packaged extension in a real editor (code-server and
// Chromium, the editor tests' harness) on a copy of the Python standard library, cold. Measures:
// activation; the extension host's responsiveness through the whole first index (a trivial
// command's round trip every 20 ms, pooled over 10 s windows, split by what the server was doing);
// Enter → results shown in the Ask view while vectors are computed and on the finished index; the
// host's and the server's memory before and after. JSON on the last line of stdout.
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { pythonStdlib, repoRoot } from '../eval/corpus';
import { type TimedSearch, timedSearch } from '../test/e2e/ask-view';
import { folderFiles } from '../test/e2e/harness/folder';
import { commandOutput, eventually, type Session, withEditor, writeExchange } from '../test/e2e/harness/session';
import { productVsix, testExtensionVsix } from '../test/e2e/harness/vsix';
import { openContainer, webviewFrame } from '../test/e2e/harness/workbench';
import type { Probe } from '../test/e2e/probe';
import { quantiles, round } from './stats';

const WINDOW_MS = 10_000;
const INDEX_LIMIT_MS = 60 * 60_000;

/** The standard-library questions of the search eval: what a user of this corpus asks. */
function questions(): string[] {
  const all = JSON.parse(fs.readFileSync(path.join(repoRoot, 'eval', 'questions.json'), 'utf8')) as { questions: { id: string; question: string }[] };
  return all.questions.filter((q) => q.id.startsWith('py-')).slice(0, 40).map((q) => q.question);
}

const probe = (s: Session) => commandOutput<Probe>(s, 'CodeRAG Test: Probe', 'probe.json', 60_000);
const mb = (bytes: number) => round(bytes / 2 ** 20, 1);

/** A process's resident and peak resident memory (MB), from /proc. */
function processMemory(pid: number | undefined): { rssMB: number; peakMB: number } | undefined {
  if (!pid) return undefined;
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (key: string) => Number(new RegExp(`^${key}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0);
    return { rssMB: round(kb('VmRSS') / 1024, 1), peakMB: round(kb('VmHWM') / 1024, 1) };
  } catch {
    return undefined;
  }
}

function memory(p: Probe) {
  return {
    extensionHost: { rssMB: mb(p.host.rss), heapUsedMB: mb(p.host.heapUsed), externalMB: mb(p.host.external) },
    server: processMemory(p.coderag.status?.pid),
  };
}

const folderOf = (p: Probe) => p.coderag.status?.folders[0];
const finished = (p: Probe) => {
  const f = folderOf(p);
  return !!f && f.activity === 'idle' && f.chunks > 0 && f.embedded === f.chunks;
};

interface Window {
  atS: number;
  activity: string;
  files: number;
  chunks: number;
  embedded: number;
  n: number;
  p95: number;
  max: number;
}

const timings = (runs: TimedSearch[]) => ({
  shownMs: quantiles(runs.map((r) => r.shownMs)),
  arrivedMs: quantiles(runs.map((r) => r.arrivedMs)),
  serverRoundTripMs: quantiles(runs.map((r) => r.hostMs)),
});

async function main(): Promise<void> {
  execFileSync('bash', [path.join(repoRoot, 'scripts', 'e2e-tools.sh')], { stdio: ['ignore', 2, 2] });
  const vsix = [productVsix(), testExtensionVsix()];
  const root = pythonStdlib();
  const files = folderFiles(root);
  const asked = questions();
  let report: Record<string, unknown> = {};
  await withEditor('bench-editor', { files, vsix, trust: 'off' }, async (s) => {
    const { page } = s;
    const started = Date.now();
    const first = await probe(s);
    const before = memory(first);
    s.step(`activated in ${first.coderag.activationMs.toFixed(1)} ms; ${Object.keys(files).length} files from ${root}`);
    await openContainer(page, 'CodeRAG');
    await webviewFrame(page).locator('#query').waitFor({ timeout: 60_000 });

    // The first index, watched window by window; once keyword search answers, one query per window.
    const windows: Window[] = [];
    const samples: Record<string, number[]> = {};
    const whileEmbedding: TimedSearch[] = [];
    let serverPeakMB = 0;
    let last = first;
    for (let i = 0; !finished(last); i++) {
      if (Date.now() - started > INDEX_LIMIT_MS) throw new Error(`the first index did not finish within ${INDEX_LIMIT_MS / 60_000} min`);
      const activity = folderOf(last)?.activity ?? last.coderag.phase;
      writeExchange(s.run, 'latency.json', { ms: WINDOW_MS });
      const w = await commandOutput<{ n: number; p95: number; max: number; samples: number[] }>(s, 'CodeRAG Test: Measure Latency', 'latency-result.json', WINDOW_MS + 60_000);
      (samples[activity] ??= []).push(...w.samples);
      if (activity === 'embedding') whileEmbedding.push(await timedSearch(page, asked[i % asked.length]));
      last = await probe(s);
      serverPeakMB = Math.max(serverPeakMB, processMemory(last.coderag.status?.pid)?.peakMB ?? 0);
      const f = folderOf(last);
      windows.push({ atS: round((Date.now() - started) / 1000, 1), activity, files: f?.files ?? 0, chunks: f?.chunks ?? 0, embedded: f?.embedded ?? 0, n: w.n, p95: round(w.p95), max: round(w.max) });
      s.step(`${activity}: host round trip p95 ${w.p95.toFixed(2)} ms (n=${w.n}); ${f?.files} files, ${f?.embedded}/${f?.chunks} vectors`);
    }
    const indexedS = round((Date.now() - started) / 1000, 1);
    const after = memory(last);

    // On the finished index: one warm-up, then every question.
    const warmup = await timedSearch(page, 'warm up the search');
    const runs: TimedSearch[] = [];
    for (const q of asked) runs.push(await timedSearch(page, q));
    await s.shots.take(page, 'last-query');
    const settled = await eventually('the host memory after the queries', () => probe(s));
    const f = folderOf(last)!;
    const all = Object.values(samples).flat();
    report = {
      corpus: { root, files: Object.keys(files).length, indexedFiles: f.files, chunks: f.chunks },
      activationMs: round(first.coderag.activationMs),
      firstIndexSeconds: indexedS,
      hostRoundTripWhileIndexingMs: { all: quantiles(all), ...Object.fromEntries(Object.entries(samples).map(([k, v]) => [k, quantiles(v)])) },
      searchWhileEmbedding: whileEmbedding.length ? timings(whileEmbedding) : undefined,
      searchOnFinishedIndex: { questions: runs.length, warmupShownMs: round(warmup.shownMs), ...timings(runs) },
      memory: { beforeIndexing: before, afterIndexing: after, afterQueries: memory(settled), serverPeakMB },
      windows,
    };
  });
  console.log(JSON.stringify(report));
}

main().then(
  () => process.exit(0),
  (err) => {
    process.stderr.write(`${err instanceof Error ? err.stack : err}\n`);
    process.exit(1);
  },
);
