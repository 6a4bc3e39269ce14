// The repo map, one stage after another: tags (from the index's single parse) → graph → rank →
// fit to a token budget → render. The graph is kept between calls and updated per changed file;
// personalization (focus files, mentions) is applied per request, so a re-rank is cheap.
import * as path from 'node:path';
import type { CodeIndex } from '../index/code-index';
import { linesOf } from '../chunk/lines';
import { type RankOptions, SymbolGraph } from './graph';
import { fitToBudget, type MapSource, type Scope } from './render';
import type { Tag } from '../tags/tags';
import { countTokens } from './tokens';
import { readSourceText } from '../scan/content';

export interface MapRequest extends RankOptions {
  /** Token budget (cl100k_base tokens); default 1024. */
  tokens?: number;
}

export interface MapDefinition {
  name: string;
  /** What the tags query called it: function, class, method, … */
  category: string;
  line: number;
  endLine: number;
  /** The definition's first line, trimmed. */
  signature: string;
}

export interface MapFile {
  path: string;
  rank: number;
  /** The file's definitions, the best ranked first. */
  definitions: MapDefinition[];
}

export interface RepoMapResult {
  text: string;
  tokens: number;
  budget: number;
  definitions: number;
  files: string[];
  rankedFiles: { path: string; rank: number }[];
  /** Which file loads which (scene → script, preload…) and connects signals to whose handlers. */
  edges: { from: string; to: string; kinds: string[] }[];
  iterations: number;
}

/** The token-budgeted text (for a language model) and the ranked files behind it (for a tree view). */
export interface RepoMapView extends RepoMapResult {
  ranked: MapFile[];
}

const IMPORTANT = [
  /^readme(\.[a-z]+)?$/i, /^package\.json$/, /^pyproject\.toml$/, /^setup\.(py|cfg)$/, /^requirements\.txt$/,
  /^cargo\.toml$/i, /^go\.mod$/, /^pom\.xml$/, /^build\.gradle(\.kts)?$/, /^gemfile$/i, /^project\.godot$/,
  /^dockerfile$/i, /^docker-compose\.ya?ml$/, /^compose\.ya?ml$/, /^makefile$/i, /^cmakelists\.txt$/i, /^tsconfig\.json$/,
];

export function isImportant(p: string): boolean {
  if (/^\.github\/workflows\/[^/]+\.ya?ml$/.test(p) || /^\.gitlab-ci\.ya?ml$/.test(p)) return true;
  // Only top-level manifests (or a Godot project's): nested package.json files are libraries.
  const base = p.slice(p.lastIndexOf('/') + 1);
  if (base === 'project.godot') return true;
  return !p.includes('/') && IMPORTANT.some((re) => re.test(base));
}

export class RepoMap {
  private readonly graph = new SymbolGraph();
  private readonly shas = new Map<string, string>();
  private godotRoots: string[] = [];

  constructor(private readonly index: CodeIndex) {}

  /** Applies what changed in the index since the last call: only changed files are touched. */
  sync(): { updated: number; removed: number } {
    let updated = 0;
    let removed = 0;
    const rows = this.taggedRows();
    const live = new Set(rows.map((r) => r.path));
    this.godotRoots = rows.filter((r) => r.path.endsWith('project.godot')).map((r) => path.posix.dirname(r.path)).map((d) => (d === '.' ? '' : d));
    for (const p of this.shas.keys()) {
      if (!live.has(p)) {
        this.graph.removeFile(p);
        this.shas.delete(p);
        removed++;
      }
    }
    for (const r of rows) {
      if (this.shas.get(r.path) === r.sha256) continue;
      const tags = this.index.tags.get(r.path, r.sha256) ?? [];
      this.graph.setFile(r.path, tags, (from, ref) => this.resolve(from, ref));
      this.shas.set(r.path, r.sha256);
      updated++;
    }
    return { updated, removed };
  }

  /**
   * res://player.gd seen from a file under a Godot project → that project's player.gd; a relative
   * path (`preload("Bullet.tscn")`) from the folder of the file naming it, as Godot resolves it.
   */
  private resolve(from: string, ref: string): string | undefined {
    if (!ref.startsWith('res://')) {
      if (/^[a-z][a-z0-9+.-]*:/i.test(ref) || ref.startsWith('/')) return undefined;
      const target = path.posix.join(path.posix.dirname(from), ref);
      return target.startsWith('../') ? undefined : target;
    }
    const root = this.godotRoots.filter((r) => r === '' || from.startsWith(r + '/')).sort((a, b) => b.length - a.length)[0];
    if (root === undefined) return undefined;
    return path.posix.join(root, ref.slice('res://'.length));
  }

  render(req: MapRequest = {}): RepoMapResult {
    this.sync();
    const budget = req.tokens ?? 1024;
    const ranking = this.graph.rank({ ...req, limit: Math.max(1000, Math.ceil(budget / 2)) });
    this.lastRanking = ranking.definitions;
    const files = this.graph.paths();
    const important = files.filter(isImportant).sort();
    const source = this.source();
    const fitted = fitToBudget(ranking.definitions, important, source, budget, countTokens, ranking.fileRank);
    const rankedFiles = [...ranking.fileRank].sort((a, b) => b[1] - a[1]).map(([p, rank]) => ({ path: p, rank }));
    return { ...fitted, budget, rankedFiles, edges: this.edges(), iterations: ranking.iterations };
  }

  /** The file→file edges as data (a tree view's): see SymbolGraph.fileEdges. */
  edges(): { from: string; to: string; kinds: string[] }[] {
    this.sync();
    return this.graph.fileEdges((p) => (this.index.tags.get(p, this.shas.get(p)) ?? []).filter((t) => t.category === 'handler').map((t) => t.name));
  }

  /**
   * The map with its best `files` files (default 100) and their definitions: the definitions the
   * ranking scored first, then the file's others in line order.
   */
  view(req: MapRequest & { files?: number } = {}): RepoMapView {
    const result = this.render(req);
    const source = this.source();
    const scores = new Map<string, number>();
    for (const d of this.lastRanking ?? []) {
      const key = `${d.path}\0${d.name}`;
      if (!scores.has(key)) scores.set(key, d.score);
    }
    const ranked = result.rankedFiles.slice(0, req.files ?? 100).map(({ path: p, rank }) => {
      const lines = source.lines(p);
      const defs = (this.index.tags.get(p) ?? []).filter((t) => t.kind === 'def');
      const definitions = defs
        .map((t) => ({
          name: t.name, category: t.category, line: t.line, endLine: t.end ?? t.line,
          signature: (lines?.[t.line - 1] ?? '').trim().slice(0, 200), score: scores.get(`${p}\0${t.name}`) ?? -1,
        }))
        .sort((a, b) => b.score - a.score || a.line - b.line)
        .map(({ score: _, ...d }) => d);
      return { path: p, rank, definitions };
    });
    return { ...result, ranked };
  }

  /** The definitions of the last ranking, best first (view() orders a file's definitions by them). */
  private lastRanking?: { path: string; name: string; score: number }[];

  /** File lines by content hash: rendering reads the same top files on every call. */
  private readonly sources = new Map<string, { sha: string; lines?: string[] }>();

  private source(): MapSource {
    return {
      lines: (p) => {
        const sha = this.shas.get(p) ?? '';
        let hit = this.sources.get(p);
        if (!hit || hit.sha !== sha) {
          let lines: string[] | undefined;
          try {
            lines = linesOf(readSourceText(path.join(this.index.root, p)));
          } catch {
            lines = undefined;
          }
          hit = { sha, lines };
          if (this.sources.size > 2000) this.sources.clear();
          this.sources.set(p, hit);
        }
        return hit.lines;
      },
      scopes: (p) => scopesOf(this.index.tags.get(p) ?? []),
    };
  }

  /** Files the map is made of: indexed ones and those known by their tags only. */
  private taggedRows() {
    return this.index.fileRows().filter((r) => r.state === 'indexed' || r.state === 'tags');
  }

  /** Every such file with its tags (identifier search). */
  taggedFiles(): [string, Tag[]][] {
    return this.taggedRows().map((r) => [r.path, this.index.tags.get(r.path, r.sha256) ?? []]);
  }
}

function scopesOf(tags: Tag[]): Scope[] {
  return tags.filter((t) => t.kind === 'def' && t.end !== undefined && t.end > t.line).map((t) => ({ line: t.line, end: t.end! }));
}
