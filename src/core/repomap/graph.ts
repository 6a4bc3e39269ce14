// The definition→reference graph between files. Files are nodes; a file that references an
// identifier points at each file defining it, weighted as aider weights it. Identifiers defined in
// many files go through one hub node instead of |referencers|×|definers| edges, which keeps the
// graph linear in the number of references at 100k files. Updated per file, never rebuilt.
import { type CsrGraph, csrOrder, pagerank } from './pagerank';
import type { Tag } from '../tags/tags';

interface FileEntry {
  defs: Map<number, number[]>;
  refs: Map<number, number>;
  /** Files this one loads by path (scene → script, preload): resolved workspace paths. */
  fileRefs: Map<string, number>;
  /** How it loads each of them (the tag categories: file.script, file.preload…). */
  fileKinds: Map<string, Set<string>>;
}

export interface RankOptions {
  /** Files the user works in: their references weigh ×50 and they seed the personalization. */
  focus?: string[];
  mentionedFiles?: string[];
  mentionedIdents?: string[];
  /** How many ranked definitions to return (the best first). */
  limit?: number;
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

interface Structure {
  paths: string[];
  index: Map<string, number>;
  nodes: number;
  offsets: Uint32Array;
  src: Uint32Array;
  targets: Uint32Array;
  base: Float64Array;
  /** Identifier carried by a reference edge (mentions scale it), or -1. */
  ident: Int32Array;
  /** 1 when the edge leaves a file by its own references (focus scales it ×50). */
  focusable: Uint8Array;
  /** Index into defKeys of the definition this edge credits, or -1. */
  credit: Int32Array;
  defKeys: { file: number; id: number }[];
}

/** camelCase, snake_case or kebab-case, 8+ characters: specific enough to mean one thing. */
export function meaningful(name: string): boolean {
  return name.length >= 8 && (/[a-z][A-Z]/.test(name) || /[a-zA-Z0-9][_-][a-zA-Z0-9]/.test(name));
}

export class SymbolGraph {
  private readonly ids = new Map<string, number>();
  private readonly names: string[] = [];
  /** 0 unknown, 1 plain, 2 meaningful — by identifier id, computed once. */
  private shape = new Uint8Array(1024);
  /** Files by stable slot: a removed file leaves a hole its path reuses when it comes back. */
  private readonly slots = new Map<string, number>();
  private readonly slotPaths: string[] = [];
  private readonly entries: (FileEntry | undefined)[] = [];
  private live = 0;
  private readonly definers = new Map<number, Set<number>>();
  private readonly referencers = new Map<number, Map<number, number>>();

  private intern(name: string): number {
    let id = this.ids.get(name);
    if (id === undefined) {
      id = this.names.length;
      this.ids.set(name, id);
      this.names.push(name);
    }
    return id;
  }

  private isMeaningful(id: number): boolean {
    if (id >= this.shape.length) {
      const grown = new Uint8Array(Math.max(id + 1, this.shape.length * 2));
      grown.set(this.shape);
      this.shape = grown;
    }
    if (!this.shape[id]) this.shape[id] = meaningful(this.names[id]) ? 2 : 1;
    return this.shape[id] === 2;
  }

  get size(): number {
    return this.live;
  }

  has(path: string): boolean {
    const slot = this.slots.get(path);
    return slot !== undefined && !!this.entries[slot];
  }

  paths(): string[] {
    return this.slotPaths.filter((_, i) => this.entries[i]);
  }

  /** Replaces one file's tags. `resolve` maps a res:// path to a workspace path. */
  setFile(path: string, tags: Tag[], resolve: (from: string, ref: string) => string | undefined = () => undefined): void {
    this.removeFile(path);
    let slot = this.slots.get(path);
    if (slot === undefined) {
      slot = this.slotPaths.length;
      this.slots.set(path, slot);
      this.slotPaths.push(path);
    }
    const entry: FileEntry = { defs: new Map(), refs: new Map(), fileRefs: new Map(), fileKinds: new Map() };
    for (const t of tags) {
      if (t.category.startsWith('file')) {
        const target = resolve(path, t.name);
        if (target && target !== path) {
          entry.fileRefs.set(target, (entry.fileRefs.get(target) ?? 0) + 1);
          const kinds = entry.fileKinds.get(target);
          if (kinds) kinds.add(t.category);
          else entry.fileKinds.set(target, new Set([t.category]));
        }
        continue;
      }
      const id = this.intern(t.name);
      if (t.kind === 'def') {
        const lines = entry.defs.get(id);
        if (lines) lines.push(t.line);
        else entry.defs.set(id, [t.line]);
      } else entry.refs.set(id, (entry.refs.get(id) ?? 0) + 1);
    }
    this.entries[slot] = entry;
    this.live++;
    this.structure = undefined;
    for (const id of entry.defs.keys()) {
      let s = this.definers.get(id);
      if (!s) this.definers.set(id, (s = new Set()));
      s.add(slot);
    }
    for (const [id, n] of entry.refs) {
      let m = this.referencers.get(id);
      if (!m) this.referencers.set(id, (m = new Map()));
      m.set(slot, n);
    }
  }

  removeFile(path: string): void {
    const slot = this.slots.get(path);
    const entry = slot === undefined ? undefined : this.entries[slot];
    if (!entry || slot === undefined) return;
    for (const id of entry.defs.keys()) this.definers.get(id)?.delete(slot);
    for (const id of entry.refs.keys()) this.referencers.get(id)?.delete(slot);
    this.entries[slot] = undefined;
    this.live--;
    this.structure = undefined;
  }

  /**
   * The edges a tree view shows: files loading files (a scene attaching a script, an instanced
   * scene, preload/load), and files connecting a signal to a handler another file defines.
   * `handlers` names the identifiers that are signal handlers, per file.
   */
  fileEdges(handlers: (path: string) => string[]): { from: string; to: string; kinds: string[] }[] {
    const out: { from: string; to: string; kinds: string[] }[] = [];
    this.entries.forEach((entry, slot) => {
      if (!entry) return;
      const from = this.slotPaths[slot];
      const kinds = new Map<string, Set<string>>();
      for (const [to, ks] of entry.fileKinds) if (this.has(to)) kinds.set(to, new Set(ks));
      for (const name of handlers(from)) {
        const id = this.ids.get(name);
        for (const d of (id === undefined ? undefined : this.definers.get(id)) ?? []) {
          const to = this.slotPaths[d];
          if (to === from) continue;
          const ks = kinds.get(to) ?? new Set<string>();
          ks.add('handler');
          kinds.set(to, ks);
        }
      }
      for (const [to, ks] of kinds) out.push({ from, to, kinds: [...ks].sort() });
    });
    return out.sort((a, b) => (a.from < b.from ? -1 : a.from > b.from ? 1 : a.to < b.to ? -1 : 1));
  }

  definitionsOf(path: string): Map<string, number[]> {
    const out = new Map<string, number[]>();
    const slot = this.slots.get(path);
    for (const [id, lines] of (slot === undefined ? undefined : this.entries[slot])?.defs ?? []) out.set(this.names[id], lines);
    return out;
  }

  /**
   * The request-independent part of the graph, in CSR order: who points at whom with which base
   * weight, which identifier an edge carries and which definition it credits. Rebuilt only after a
   * file changed; a request then only rescales weights (mentions ×10, focus ×50) and runs PageRank.
   */
  private structure?: Structure;

  private build(): Structure {
    // Nodes are the live files, numbered in slot order; node[slot] maps a slot to its node.
    const paths: string[] = [];
    const node = new Int32Array(this.slotPaths.length).fill(-1);
    this.entries.forEach((e, slot) => {
      if (e) (node[slot] = paths.length), paths.push(this.slotPaths[slot]);
    });
    const index = new Map(paths.map((p, i) => [p, i]));
    // Pass 1 counts edges, so pass 2 fills typed arrays without growing JS arrays (and the GC
    // churn that comes with them).
    let count = 0;
    let hubs = 0;
    for (const [id, defs] of this.definers) {
      if (!defs.size) continue;
      const refs = this.referencers.get(id)?.size ?? 0;
      if (!refs) count += defs.size;
      else if (defs.size > HUB_THRESHOLD) (count += defs.size + refs), hubs++;
      else count += refs * defs.size;
    }
    for (const entry of this.entries) if (entry) count += entry.fileRefs.size;
    const src = new Uint32Array(count);
    const dst = new Uint32Array(count);
    const base = new Float64Array(count);
    const ident = new Int32Array(count);
    const focusable = new Uint8Array(count);
    const credits = new Int32Array(count);
    const defKeys: { file: number; id: number }[] = [];
    const keyOf = new Map<number, number>();
    const defKey = (file: number, id: number) => {
      const key = id * 2 ** 22 + file;
      let k = keyOf.get(key);
      if (k === undefined) {
        k = defKeys.length;
        defKeys.push({ file, id });
        keyOf.set(key, k);
      }
      return k;
    };
    let e = 0;
    const edge = (s: number, d: number, w: number, id: number, canFocus: boolean, credit: number) => {
      src[e] = s;
      dst[e] = d;
      base[e] = w;
      ident[e] = id;
      focusable[e] = canFocus ? 1 : 0;
      credits[e] = credit;
      e++;
    };
    let nodes = paths.length;
    for (const [id, defs] of this.definers) {
      if (!defs.size) continue;
      const name = this.names[id];
      let mul = 1;
      if (this.isMeaningful(id)) mul *= 10;
      if (name.startsWith('_')) mul *= 0.1;
      if (defs.size > 5) mul *= 0.1;
      const refs = this.referencers.get(id);
      if (!refs || !refs.size) {
        // Defined but never referenced: a small self-edge keeps it in the ranking.
        for (const d of defs) {
          const f = node[d];
          edge(f, f, 0.1, -1, false, defKey(f, id));
        }
        continue;
      }
      let hub = -1;
      if (defs.size > HUB_THRESHOLD) {
        hub = nodes++;
        for (const d of defs) {
          const f = node[d];
          edge(hub, f, 1, -1, false, defKey(f, id));
        }
      }
      for (const [r, n] of refs) {
        const from = node[r];
        const weight = mul * Math.sqrt(n);
        if (hub >= 0) edge(from, hub, weight, id, true, -1);
        else
          for (const d of defs) {
            const f = node[d];
            edge(from, f, weight, id, true, defKey(f, id));
          }
      }
    }
    this.entries.forEach((entry, slot) => {
      if (!entry) return;
      for (const [target, n] of entry.fileRefs) {
        const to = index.get(target);
        if (to !== undefined) edge(node[slot], to, Math.sqrt(n), -1, true, -1);
      }
    });
    const used = e;
    const { offsets, order } = csrOrder(nodes, src, used);
    const pick = <T extends Uint32Array | Float64Array | Int32Array | Uint8Array>(out: T, from: T) => {
      for (let i = 0; i < used; i++) out[i] = from[order[i]];
      return out;
    };
    return {
      paths,
      index,
      nodes,
      offsets,
      src: pick(new Uint32Array(used), src),
      targets: pick(new Uint32Array(used), dst),
      base: pick(new Float64Array(used), base),
      ident: pick(new Int32Array(used), ident),
      focusable: pick(new Uint8Array(used), focusable),
      credit: pick(new Int32Array(used), credits),
      defKeys,
    };
  }

  rank(opts: RankOptions = {}): Ranking {
    const st = (this.structure ??= this.build());
    const { paths, index, nodes } = st;
    const focus = new Set((opts.focus ?? []).filter((p) => index.has(p)));
    const focusNodes = new Uint8Array(nodes);
    for (const p of focus) focusNodes[index.get(p)!] = 1;
    const mentioned = new Set<number>();
    for (const m of opts.mentionedIdents ?? []) {
      const id = this.ids.get(m);
      if (id !== undefined) mentioned.add(id);
    }
    const weights = new Float64Array(st.base.length);
    for (let e = 0; e < weights.length; e++) {
      let w = st.base[e];
      if (st.ident[e] >= 0 && mentioned.has(st.ident[e])) w *= 10;
      if (st.focusable[e] && focusNodes[st.src[e]]) w *= 50;
      weights[e] = w;
    }
    const graph: CsrGraph = { nodes, offsets: st.offsets, targets: st.targets, weights };
    const personalization = this.personalization(paths, nodes, focus, opts);
    const { rank, iterations, outWeight } = pagerank(graph, { personalization });
    // Each node's rank flows along its out-edges to the definitions they point at.
    const credit = new Float64Array(st.defKeys.length);
    for (let i = 0; i < nodes; i++) {
      if (!outWeight[i]) continue;
      const out = Math.max(outWeight[i], 1); // as in pagerank(): light out-links pass on only their weight
      for (let e = st.offsets[i]; e < st.offsets[i + 1]; e++) {
        const k = st.credit[e];
        if (k >= 0) credit[k] += (rank[i] * weights[e]) / out;
      }
    }
    // Only the best definitions become objects: a map shows hundreds, not the 100k a repo has.
    const candidates: number[] = [];
    for (let k = 0; k < credit.length; k++) if (credit[k] > 0 && !focusNodes[st.defKeys[k].file]) candidates.push(k);
    candidates.sort((a, b) => credit[b] - credit[a] || st.defKeys[a].file - st.defKeys[b].file || st.defKeys[a].id - st.defKeys[b].id);
    const definitions: RankedDefinition[] = candidates.slice(0, opts.limit ?? 20_000).map((k) => {
      const { file, id } = st.defKeys[k];
      const path = paths[file];
      return { path, name: this.names[id], score: credit[k], lines: this.entries[this.slots.get(path)!]!.defs.get(id) ?? [] };
    });
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
