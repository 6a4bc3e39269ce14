// The definition→reference graph between files. Files are nodes; a file that references an
// identifier points at each file defining it, weighted as aider weights it. Identifiers defined in
// many files go through one hub node instead of |referencers|×|definers| edges, which keeps the
// graph linear in the number of references at 100k files. Updated per file, never rebuilt.
import { type CsrGraph, pagerank, toCsr } from './pagerank';
import type { Tag } from './tags';

interface FileEntry {
  defs: Map<number, number[]>;
  refs: Map<number, number>;
  /** Files this one loads by path (scene → script, preload): resolved workspace paths. */
  fileRefs: Map<string, number>;
}

export interface RankOptions {
  /** Files the user works in: their references weigh ×50 and they seed the personalization. */
  focus?: string[];
  mentionedFiles?: string[];
  mentionedIdents?: string[];
}

export interface RankedDefinition {
  path: string;
  name: string;
  score: number;
  lines: number[];
}

export interface Ranking {
  definitions: RankedDefinition[];
  fileRank: Map<string, number>;
  iterations: number;
}

const HUB_THRESHOLD = 8;

/** camelCase, snake_case or kebab-case, 8+ characters: specific enough to mean one thing. */
export function meaningful(name: string): boolean {
  return name.length >= 8 && (/[a-z][A-Z]/.test(name) || /[a-zA-Z0-9][_-][a-zA-Z0-9]/.test(name));
}

export class SymbolGraph {
  private readonly ids = new Map<string, number>();
  private readonly names: string[] = [];
  private readonly files = new Map<string, FileEntry>();
  private readonly definers = new Map<number, Set<string>>();
  private readonly referencers = new Map<number, Map<string, number>>();

  private intern(name: string): number {
    let id = this.ids.get(name);
    if (id === undefined) {
      id = this.names.length;
      this.ids.set(name, id);
      this.names.push(name);
    }
    return id;
  }

  get size(): number {
    return this.files.size;
  }

  has(path: string): boolean {
    return this.files.has(path);
  }

  paths(): string[] {
    return [...this.files.keys()];
  }

  /** Replaces one file's tags. `resolve` maps a res:// path to a workspace path. */
  setFile(path: string, tags: Tag[], resolve: (from: string, ref: string) => string | undefined = () => undefined): void {
    this.removeFile(path);
    const entry: FileEntry = { defs: new Map(), refs: new Map(), fileRefs: new Map() };
    for (const t of tags) {
      if (t.category === 'file') {
        const target = resolve(path, t.name);
        if (target && target !== path) entry.fileRefs.set(target, (entry.fileRefs.get(target) ?? 0) + 1);
        continue;
      }
      const id = this.intern(t.name);
      if (t.kind === 'def') {
        const lines = entry.defs.get(id);
        if (lines) lines.push(t.line);
        else entry.defs.set(id, [t.line]);
      } else entry.refs.set(id, (entry.refs.get(id) ?? 0) + 1);
    }
    this.files.set(path, entry);
    for (const id of entry.defs.keys()) {
      let s = this.definers.get(id);
      if (!s) this.definers.set(id, (s = new Set()));
      s.add(path);
    }
    for (const [id, n] of entry.refs) {
      let m = this.referencers.get(id);
      if (!m) this.referencers.set(id, (m = new Map()));
      m.set(path, n);
    }
  }

  removeFile(path: string): void {
    const entry = this.files.get(path);
    if (!entry) return;
    for (const id of entry.defs.keys()) this.definers.get(id)?.delete(path);
    for (const id of entry.refs.keys()) this.referencers.get(id)?.delete(path);
    this.files.delete(path);
  }

  definitionsOf(path: string): Map<string, number[]> {
    const out = new Map<string, number[]>();
    for (const [id, lines] of this.files.get(path)?.defs ?? []) out.set(this.names[id], lines);
    return out;
  }

  rank(opts: RankOptions = {}): Ranking {
    const paths = [...this.files.keys()];
    const index = new Map(paths.map((p, i) => [p, i]));
    const focus = new Set((opts.focus ?? []).filter((p) => index.has(p)));
    const mentioned = new Set(opts.mentionedIdents ?? []);
    const src: number[] = [];
    const dst: number[] = [];
    const w: number[] = [];
    /** For each edge, the identifier it carries (-1 for file-to-file edges), to credit definitions. */
    const carried: number[] = [];
    let nodes = paths.length;
    const hubs = new Map<number, number>();
    for (const [id, defs] of this.definers) {
      if (!defs.size) continue;
      const name = this.names[id];
      let mul = 1;
      if (mentioned.has(name)) mul *= 10;
      if (meaningful(name)) mul *= 10;
      if (name.startsWith('_')) mul *= 0.1;
      if (defs.size > 5) mul *= 0.1;
      const refs = this.referencers.get(id);
      if (!refs || !refs.size) {
        // Defined but never referenced: a small self-edge keeps it in the ranking.
        for (const d of defs) (src.push(index.get(d)!), dst.push(index.get(d)!), w.push(0.1), carried.push(id));
        continue;
      }
      let hub = -1;
      if (defs.size > HUB_THRESHOLD) {
        hub = nodes++;
        hubs.set(hub, id);
        for (const d of defs) (src.push(hub), dst.push(index.get(d)!), w.push(1), carried.push(id));
      }
      for (const [r, count] of refs) {
        const weight = mul * Math.sqrt(count) * (focus.has(r) ? 50 : 1);
        const from = index.get(r)!;
        if (hub >= 0) (src.push(from), dst.push(hub), w.push(weight), carried.push(-1));
        else for (const d of defs) (src.push(from), dst.push(index.get(d)!), w.push(weight), carried.push(id));
      }
    }
    for (const [p, entry] of this.files) {
      for (const [target, count] of entry.fileRefs) {
        const to = index.get(target);
        if (to === undefined) continue;
        src.push(index.get(p)!), dst.push(to), w.push(Math.sqrt(count) * (focus.has(p) ? 50 : 1)), carried.push(-1);
      }
    }
    const graph: CsrGraph = toCsr(nodes, Uint32Array.from(src), Uint32Array.from(dst), Float64Array.from(w));
    const carriedCsr = toCsr(nodes, Uint32Array.from(src), Uint32Array.from(dst), Float64Array.from(carried));
    const personalization = this.personalization(paths, nodes, focus, opts);
    const { rank, iterations } = pagerank(graph, { personalization });
    // Each node's rank flows along its out-edges to the definitions they point at.
    const credit = new Map<string, number>();
    for (let i = 0; i < nodes; i++) {
      let out = 0;
      for (let e = graph.offsets[i]; e < graph.offsets[i + 1]; e++) out += graph.weights[e];
      if (!out) continue;
      out = Math.max(out, 1); // as in pagerank(): light out-links pass on only their weight
      for (let e = graph.offsets[i]; e < graph.offsets[i + 1]; e++) {
        const id = carriedCsr.weights[e];
        if (id < 0) continue;
        const target = graph.targets[e];
        if (target >= paths.length) continue;
        const key = `${target}\u0000${id}`;
        credit.set(key, (credit.get(key) ?? 0) + (rank[i] * graph.weights[e]) / out);
      }
    }
    const definitions: RankedDefinition[] = [];
    for (const [key, score] of credit) {
      const [file, id] = key.split('\u0000').map(Number);
      const path = paths[file];
      if (focus.has(path)) continue;
      definitions.push({ path, name: this.names[id], score, lines: this.files.get(path)!.defs.get(id) ?? [] });
    }
    definitions.sort((a, b) => b.score - a.score || a.path.localeCompare(b.path) || a.name.localeCompare(b.name));
    const fileRank = new Map(paths.map((p, i) => [p, rank[i]]));
    return { definitions, fileRank, iterations };
  }

  /** Focus and mentioned files, and files named like a mentioned identifier, seed the walk. */
  private personalization(paths: string[], nodes: number, focus: Set<string>, opts: RankOptions): Float64Array | undefined {
    const p = new Float64Array(nodes);
    const value = 100 / Math.max(1, paths.length);
    let any = false;
    const mentionedFiles = new Set(opts.mentionedFiles ?? []);
    const idents = (opts.mentionedIdents ?? []).filter((i) => i.length >= 4).map((i) => i.toLowerCase());
    paths.forEach((path, i) => {
      if (focus.has(path) || mentionedFiles.has(path)) {
        p[i] = value;
        any = true;
      }
      if (idents.length) {
        const parts = path.toLowerCase().split('/');
        const stem = parts[parts.length - 1].replace(/\.[^.]+$/, '');
        if (idents.some((id) => id === stem || parts.includes(id))) {
          p[i] += value;
          any = true;
        }
      }
    });
    return any ? p : undefined;
  }
}
