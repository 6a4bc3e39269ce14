// `npm run bench`: indexing speed, incremental costs, change latency, embedding throughput against
// the bare model, query latency and peak memory, on real corpora. JSON on stdout.
// Options: --only structural,unchanged,change,embed,query,node,map,map100k,symbols,godot,editor  --skip-embed  --no-malloc-env
// (`editor` runs the packaged extension in code-server on the stdlib: bench/editor.ts.)
import { execFileSync } from 'node:child_process';
import * as os from 'node:os';
import * as path from 'node:path';
import { nodeCorpus, pythonCorpus } from './corpora';
import { repoRoot } from '../eval/corpus';

// Scenarios run as `coderag index` runs: with the glibc malloc settings its launcher applies
// (bin/malloc-env.js), unless --no-malloc-env.
const { withMallocEnv } = require(path.join(repoRoot, 'bin', 'malloc-env.js')) as { withMallocEnv: (env: NodeJS.ProcessEnv) => NodeJS.ProcessEnv };
const mallocEnv = !process.argv.includes('--no-malloc-env');

function run(scenario: string, root: string, indexDir: string): unknown {
  process.stderr.write(`bench: ${scenario} on ${root}\n`);
  const out = execFileSync(process.execPath, [path.join(__dirname, 'scenario.js'), scenario, root, indexDir], {
    env: mallocEnv ? withMallocEnv(process.env) : process.env,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
    maxBuffer: 1 << 26,
  });
  return JSON.parse(out.trim().split('\n').pop()!);
}

/** The extension in a real editor (bench/editor.ts): its own process, code-server's children included. */
function runEditor(): unknown {
  process.stderr.write('bench: editor on the stdlib in code-server\n');
  const out = execFileSync(process.execPath, [path.join(__dirname, 'editor.js')], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'], maxBuffer: 1 << 26 });
  return JSON.parse(out.trim().split('\n').pop()!);
}

function main() {
  const args = process.argv.slice(2);
  const only = args.includes('--only') ? new Set(args[args.indexOf('--only') + 1].split(',')) : undefined;
  const want = (s: string) => !only || only.has(s);
  const py = pythonCorpus();
  const node = nodeCorpus();
  const pyIndex = path.join(repoRoot, '.cache', 'bench', 'index-python');
  const nodeIndex = path.join(repoRoot, '.cache', 'bench', 'index-node');
  const result: Record<string, unknown> = {
    machine: { cpus: os.availableParallelism(), memGB: Math.round(os.totalmem() / 2 ** 30), node: process.version, loadavg: os.loadavg().map((x) => Math.round(x * 100) / 100) },
    date: new Date().toISOString(),
    mallocEnv: mallocEnv ? withMallocEnv({}) : 'glibc defaults',
  };
  const python: Record<string, unknown> = {};
  if (want('structural')) {
    const cold = run('structural', py.root, pyIndex) as { seconds: number };
    const floor = run('treeSitter', py.root, pyIndex) as { twoCoreFloorSeconds: number };
    python.coldStructural = { ...cold, timesTreeSitterFloor: Math.round((cold.seconds / floor.twoCoreFloorSeconds) * 100) / 100 };
    python.treeSitterFloor = floor;
  }
  if (want('unchanged')) python.unchangedRerun = run('unchanged', py.root, pyIndex);
  if (want('change')) python.singleFileChange = run('change', py.root, pyIndex);
  if (want('embed') && !args.includes('--skip-embed')) python.coldEmbeddings = run('embed', py.root, pyIndex);
  if (want('query')) python.queryLatency = run('query', py.root, pyIndex);
  if (want('map')) python.repoMap = run('map', py.root, path.join(repoRoot, '.cache', 'bench', 'map-python'));
  if (want('symbols')) python.symbolSearch = run('symbols', py.root, path.join(repoRoot, '.cache', 'bench', 'symbols-python'));
  result[py.name] = python;
  const nodeResult: Record<string, unknown> = {};
  if (want('node')) {
    nodeResult.coldStructural = run('structural', node.root, nodeIndex);
    nodeResult.unchangedRerun = run('unchanged', node.root, nodeIndex);
  }
  if (want('map')) nodeResult.repoMap = run('map', node.root, path.join(repoRoot, '.cache', 'bench', 'map-node'));
  if (Object.keys(nodeResult).length) result[node.name] = nodeResult;
  if (want('godot')) result.godotMigration = run('godot', path.join(repoRoot, 'test', 'fixtures', 'godot'), '');
  if (want('editor')) result.editor = runEditor();
  if (want('map100k')) {
    result.generated100k = { repoMap: run('map100k', path.join(repoRoot, '.cache', 'bench', 'gen100k'), path.join(repoRoot, '.cache', 'bench', 'map-100k')) };
  }
  console.log(JSON.stringify(result, null, 1));
}

main();
