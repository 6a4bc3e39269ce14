// Evidence a bug report gives about where the fix is, resolved against the workspace: trace frames
// whose files are workspace files (a frame in the user's own script, in site-packages or in an
// interpreter's standard library that the workspace does not hold is not evidence), modules the
// report imports or names, file paths it writes, and definitions it names by telling names.
// Each piece is a strength in [0, 1]; a file's or definition's pieces combine as independent
// evidence (1 − Π(1 − s)). Every lookup goes through the keyword engine's postings of one term
// or its file table: nothing here scans the index.
import type { DocInfo } from '../keyword/docs';
import type { KeywordEngine } from '../keyword/engine';
import type { Frame } from './frames';
import type { QueryParts } from './query-parts';
import type { TellingName } from './telling';

export interface EvidenceWeights {
  /** Each further workspace frame of a trace weighs this much of the one before it (the nearest the error weighs 1). */
  frameDecay: number;
  /** A trace of an exception that was being handled when the reported one happened. */
  handledTrace: number;
  /** A definition named by a telling name, by where the name was said (a name only one definition carries). */
  definition: Record<TellingName['source'], number>;
  /** Share kept by a name that is a plain lowercase word (`month`, `strict`): often prose, not a reference. */
  plainWord: number;
  /** Names more definitions than this carry tell nothing. */
  maxDefinitions: number;
}

export const DEFAULT_EVIDENCE: EvidenceWeights = {
  frameDecay: 0.7,
  handledTrace: 0.5,
  definition: { frame: 1, error: 0.6, code: 0.8, prose: 0.8 },
  plainWord: 0.5,
  maxDefinitions: 8,
};

/** Kinds of evidence, weighed against each other by the ranking (files.ts, hybrid.ts). */
export const CHANNELS = ['frame', 'module', 'path', 'definition'] as const;
export type Channel = (typeof CHANNELS)[number];
export type Channels = Record<Channel, number>;

export interface Evidence {
  /** Per workspace path: each channel's strength in [0, 1]. */
  files: Map<string, Channels>;
  /** Per definition (document id): strength in [0, 1] per channel, with its document. */
  defs: Map<string, { channels: Channels; doc: DocInfo }>;
  /** Per path: what pointed at it, for explanations. */
  reasons: Map<string, string[]>;
}

const none = (): Channels => ({ frame: 0, module: 0, path: 0, definition: 0 });

/** Independent pieces of evidence in one channel: 1 − Π(1 − s). */
function orInto(ch: Channels, c: Channel, s: number): void {
  ch[c] = 1 - (1 - ch[c]) * (1 - Math.min(1, Math.max(0, s)));
}

/** A weighted sum of channels. */
export function weighed(ch: Channels | undefined, w: Channels): number {
  return ch ? ch.frame * w.frame + ch.module * w.module + ch.path * w.path + ch.definition * w.definition : 0;
}

type Engine = Pick<KeywordEngine, 'fileTable' | 'docsOf' | 'definitionsNamed'>;

export function resolveEvidence(parts: QueryParts, names: TellingName[], engine: Engine, w: EvidenceWeights = DEFAULT_EVIDENCE): Evidence {
  const ev: Evidence = { files: new Map(), defs: new Map(), reasons: new Map() };
  const note = (path: string, why: string) => {
    const r = ev.reasons.get(path);
    if (!r) ev.reasons.set(path, [why]);
    else if (!r.includes(why)) r.push(why);
  };
  const addFile = (path: string, c: Channel, s: number, why?: string) => {
    let ch = ev.files.get(path);
    if (!ch) ev.files.set(path, (ch = none()));
    orInto(ch, c, s);
    if (why) note(path, why);
  };
  const addDef = (doc: DocInfo, c: Channel, s: number) => {
    let d = ev.defs.get(doc.id);
    if (!d) ev.defs.set(doc.id, (d = { channels: none(), doc }));
    orInto(d.channels, c, s);
  };
  const table = engine.fileTable();

  // Frames: in each trace, the workspace frame nearest the error weighs most.
  const byTrace = new Map<number, Frame[]>();
  for (const f of parts.frames) if (!f.internal) byTrace.set(f.trace, [...(byTrace.get(f.trace) ?? []), f]);
  for (const frames of byTrace.values()) {
    // One trace is one piece of evidence per file: the file's frame nearest the error speaks for it
    // (six frames of http/client.py on the way down are not six independent witnesses).
    const best = new Map<string, number>();
    const bestDef = new Map<string, { doc: DocInfo; s: number }>();
    let s = frames[0].chain === 'handled' ? w.handledTrace : 1;
    for (const f of [...frames].sort((a, b) => a.depth - b.depth)) {
      const traced = f.module ? modulePaths(f.file, engine).map((m) => m.path) : framePaths(f, engine);
      // A frame in a build output (`dist/compile/util.js`) points at the source it was built from,
      // whether the workspace indexes its build folder or not.
      const files = traced.length
        ? [...new Set(traced.flatMap((p) => sourcesOf(p, f.func, engine) ?? [p]))]
        : f.module ? [] : (sourcesOf(f.file, f.func, engine) ?? []);
      if (!files.length) continue;
      for (const path of files) {
        const share = s / files.length;
        if (share > (best.get(path) ?? 0)) best.set(path, share);
        const def = f.func ? definitionIn(engine.docsOf(path), f.func) : undefined;
        if (def && share > (bestDef.get(def.id)?.s ?? 0)) bestDef.set(def.id, { doc: def, s: share });
        note(path, `in the trace: ${f.func ?? f.file}`);
      }
      s *= w.frameDecay;
    }
    for (const [path, share] of best) addFile(path, 'frame', share);
    for (const { doc, s: share } of bestDef.values()) addDef(doc, 'frame', share);
  }

  for (const imp of parts.imports) {
    for (const m of modulePaths(imp, engine, true)) {
      addFile(m.path, 'module', 1, `imported: ${imp}`);
      if (m.def) addDef(m.def, 'module', 1);
    }
  }
  for (const name of parts.dotted) {
    for (const m of modulePaths(name, engine, false)) {
      addFile(m.path, 'module', 1, `mentioned: ${name}`);
      if (m.def) addDef(m.def, 'module', 1);
    }
  }
  for (const p of parts.paths) {
    const found = table.endingWith(p);
    if (found.length && found.length <= 3) for (const path of found) addFile(path, 'path', 1 / found.length, `path: ${p}`);
  }

  for (const n of names) {
    const defs = namedDefinitions(n.name, engine);
    const families = new Set(defs.map((d) => `${d.qualifiedName}\0${stem(d.path)}`)).size;
    if (!defs.length || families > w.maxDefinitions) continue;
    const plain = /^[a-z]+$/.test(n.name) ? w.plainWord : 1;
    const s = (w.definition[n.source] * plain) / Math.sqrt(families);
    for (const d of defs) {
      addDef(d, 'definition', s);
      addFile(d.path, 'definition', s, `defines: ${n.name}`);
    }
  }
  return ev;
}

const BUILD_DIRS = new Set(['dist', 'build', 'out']);
const FORMAT_DIRS = new Set(['cjs', 'esm', 'es', 'umd', 'mjs', 'lib', 'types', 'src']);
const SOURCE_EXTS = ['.ts', '.tsx', '.mts', '.js', '.mjs', '.jsx'];

/**
 * The source files a build output was made from, when the package holds them beside the build
 * folder: `pkg/dist/compile/util.js` → `pkg/lib/compile/util.ts`; for a bundle
 * (`pkg/dist/cjs/index.cjs`), the sources defining the frame's function. Undefined when `path` is
 * not a build output of sources in the workspace.
 */
export function sourcesOf(path: string, func: string | undefined, engine: Engine): string[] | undefined {
  const segs = path.split('/').filter(Boolean);
  const build = segs.findIndex((s, i) => i < segs.length - 1 && BUILD_DIRS.has(s));
  if (build < 0) return undefined;
  const table = engine.fileTable();
  // The package folder: the longest tail of the folders above the build folder that holds sources
  // in the workspace (a trace's `/srv/app/node_modules/web/dist/x.js` is the workspace's `web/`).
  let roots: string[] = [];
  for (let start = 0; start <= build && !roots.length; start++) {
    const prefix = segs.slice(start, build).join('/');
    roots = ['src', 'lib'].map((r) => (prefix ? `${prefix}/${r}` : r)).filter((r) => table.hasDir(r));
  }
  if (!roots.length) return undefined;
  let rest = segs.slice(build + 1);
  if (rest.length > 1 && FORMAT_DIRS.has(rest[0])) rest = rest.slice(1);
  const stemPath = rest.join('/').replace(/\.d\.[cm]?ts$|\.[cm]?[jt]sx?$/, '');
  const out = new Set<string>();
  for (const root of roots) for (const ext of SOURCE_EXTS) for (const p of table.endingWith(`${root}/${stemPath}${ext}`)) if (p === `${root}/${stemPath}${ext}`) out.add(p);
  if (func) {
    const last = func.slice(func.lastIndexOf('.') + 1);
    for (const d of engine.definitionsNamed(last)) {
      if (roots.some((r) => d.path.startsWith(r + '/')) && definitionIn([d], func)) out.add(d.path);
    }
  }
  return out.size ? [...out] : undefined;
}

/** Definitions a name refers to: `Sniffer.sniff` or `csv.Sniffer.sniff` by qualified name, else by last segment. */
function namedDefinitions(name: string, engine: Engine): DocInfo[] {
  const last = name.slice(name.lastIndexOf('.') + 1);
  const defs = engine.definitionsNamed(last).filter(isDefinition);
  if (!name.includes('.')) return defs;
  const qualified = defs.filter((d) => d.qualifiedName === name || name.endsWith('.' + d.qualifiedName));
  return qualified.length ? qualified : defs;
}

function isDefinition(d: DocInfo): boolean {
  return d.kind === 'function' || d.kind === 'method' || d.kind === 'class' || d.kind === 'constant' || d.kind === 'declaration';
}

/** `src/a/x.ts`, `dist/cjs/x.js` → `x`: copies of one definition share a stem. */
function stem(path: string): string {
  const base = path.slice(path.lastIndexOf('/') + 1);
  const dot = base.indexOf('.', 1);
  return dot > 0 ? base.slice(0, dot) : base;
}

/**
 * Workspace files a frame's path may be: the longest tail of its path that some workspace path
 * ends with. A tail of two segments or more (`json/encoder.py`, `semver/classes/range.js`) is
 * taken as is; a bare file name (`shlex.py`) only when that file defines the frame's function, so
 * the user's `main.py` or a site-packages `trace.py` does not pass for a workspace file.
 */
export function framePaths(f: Frame, engine: Engine): string[] {
  const table = engine.fileTable();
  const segs = f.file.split('/').filter((s) => s && s !== '.');
  for (let k = segs.length; k >= 1; k--) {
    const found = table.endingWith(segs.slice(-k).join('/'));
    if (!found.length) continue;
    if (k >= 2) return found.length <= 3 ? found : [];
    return f.func ? found.filter((p) => definitionIn(engine.docsOf(p), f.func!)) : [];
  }
  return [];
}

/** The definition of `func` (`parseRange`, `Range.parseRange`, `(*Server).handle`) among a file's documents. */
export function definitionIn(docs: DocInfo[], func: string): DocInfo | undefined {
  const clean = func.replace(/^\(\*?(\w+)\)\./, '$1.').replace(/^new /, '');
  const last = clean.slice(clean.lastIndexOf('.') + 1);
  return docs.find((d) => d.qualifiedName === clean) ?? docs.find((d) => isDefinition(d) && (d.name === last || d.qualifiedName.endsWith('.' + last)));
}

/**
 * Workspace modules a module name may be, with the member it names: `email.utils.parseaddr` →
 * email/utils.py and its parseaddr; `semver` → semver/index.js; `@scope/pkg/client/stdio.js` →
 * …/client/stdio.js. A bare one-segment name counts only when imported (`import shlex`): in prose,
 * `ms.search` is more likely a variable than the `ms` package.
 */
export function modulePaths(name: string, engine: Engine, imported = true): { path: string; def?: DocInfo }[] {
  const table = engine.fileTable();
  if (name.includes('/') || name.startsWith('@')) return jsModule(name, engine);
  const segs = name.split('.');
  for (let k = segs.length; k >= 1; k--) {
    const dir = segs.slice(0, k).join('/');
    const found = [...table.endingWith(`${dir}.py`), ...table.endingWith(`${dir}/__init__.py`)];
    if (!found.length) {
      if (k === 1 && imported) {
        const js = jsModule(segs[0], engine);
        if (js.length) return js;
      }
      continue;
    }
    const rest = segs.slice(k);
    if (!rest.length) return k >= 2 || imported ? found.map((path) => ({ path })) : [];
    const member = rest.join('.');
    const out: { path: string; def?: DocInfo }[] = [];
    for (const path of found) {
      const def = definitionIn(engine.docsOf(path), member) ?? definitionIn(engine.docsOf(path), rest[0]);
      if (def) out.push({ path, def });
    }
    return out;
  }
  return [];
}

function jsModule(spec: string, engine: Engine): { path: string }[] {
  const table = engine.fileTable();
  const clean = spec.replace(/^node:.*$/, '').replace(/^\.{1,2}\//, '');
  if (!clean) return [];
  const segs = clean.split('/');
  const pkg = clean.startsWith('@') ? segs.slice(0, 2) : segs.slice(0, 1);
  const sub = segs.slice(pkg.length).join('/').replace(/\.[cm]?[jt]s$/, '');
  const pkgDir = pkg[pkg.length - 1];
  const tails = sub ? [sub] : ['index', 'lib/index', 'src/index', pkgDir];
  const out = new Set<string>();
  for (const tail of tails) {
    for (const ext of ['.js', '.ts', '.cjs', '.mjs', '/index.js', '/index.ts']) {
      for (const p of table.endingWith(`${tail}${ext}`)) if (p.split('/').includes(pkgDir)) out.add(p);
    }
  }
  return out.size <= 4 ? [...out].map((path) => ({ path })) : [];
}
