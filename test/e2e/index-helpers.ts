// What the live-index tests share: a workspace big enough that its first index can be watched,
// and the server's search and commands reached through the test helper's Execute Command.
import type { SearchHit } from '../../src/lsp/protocol';
import { commandOutput, eventually, type Session, writeExchange } from './harness/session';

/** `n` Python modules of five documented functions: the first index (parse, then vectors) lasts a while. */
export function moduleFiles(n: number): Record<string, string> {
  const files: Record<string, string> = {};
  for (let i = 0; i < n; i++) {
    const fns = Array.from({ length: 5 }, (_, j) => `def step_${i}_${j}(value):\n    """Stage ${j} of pipeline ${i}: scale and shift the value."""\n    return value * ${j + 1} + ${i}\n`);
    files[`pipeline/stage_${i}.py`] = fns.join('\n\n');
  }
  return files;
}

/** Runs a VS Code command with arguments in the extension host (palette commands take none). */
export async function execute<T>(s: Session, command: string, ...args: unknown[]): Promise<T> {
  writeExchange(s.run, 'execute.json', { command, args });
  const out = await commandOutput<{ result?: T; error?: string }>(s, 'CodeRAG Test: Execute Command', 'execute-result.json');
  if (out.error) throw new Error(`${command}: ${out.error}`);
  return out.result as T;
}

export const search = (s: Session, query: string) => execute<SearchHit[]>(s, 'coderag.internal.search', { query, limit: 10 });

export const foundIn = (s: Session, query: string, file: string) =>
  eventually(`"${query}" found in ${file}`, async () => (await search(s, query)).find((h) => h.file === file), 60_000);
