// What the judge knows beyond a fragment, gathered from the whole project without reading any
// file's path as evidence: each script's base class (through `extends`, class_name and res://
// paths), the types of the nodes below the node a scene attaches it to, and every name the
// project's own scripts declare (a user's `update()` is not CanvasItem.update).
import { createHash } from 'node:crypto';
import * as path from 'node:path';
import { classRef } from './classref';
import type { SourceFile } from './model';
import { nodeTypesBelow, sceneFacts } from './scene';

export interface ScriptContext {
  /** The engine class this script's object is (its own `extends` chain resolved), if known. */
  selfClass?: string;
  /** Names declared by this script and the project scripts it extends. */
  ownNames: Set<string>;
  /** `$Path` → node type, from the scenes that attach this script. */
  nodeTypes: Map<string, string>;
}

export class ProjectContext {
  /** res:// → workspace path, relative to the folder holding project.godot (or the root). */
  private readonly base: string;
  private readonly scripts = new Map<string, string>();
  private readonly classNames = new Map<string, string>();
  private readonly extendsOf = new Map<string, string>();
  private readonly declared = new Map<string, Set<string>>();
  private readonly nodeTypes = new Map<string, Map<string, string>>();
  /** Names declared anywhere in the project's scripts. */
  readonly projectNames = new Set<string>();
  /** Classes the project defines: class_name and inner classes. */
  readonly userClasses = new Set<string>();

  constructor(files: SourceFile[]) {
    const project = files.filter((f) => path.posix.basename(f.path) === 'project.godot').sort((a, b) => a.path.length - b.path.length)[0];
    this.base = project ? path.posix.dirname(project.path).replace(/^\.$/, '') : '';
    for (const f of files) {
      if (!f.path.endsWith('.gd')) continue;
      this.scripts.set(f.path, f.text);
      const names = declaredNames(f.text);
      this.declared.set(f.path, names.own);
      for (const n of names.own) this.projectNames.add(n);
      for (const c of names.classes) this.userClasses.add(c);
      const cls = /^class_name\s+(\w+)/m.exec(f.text)?.[1];
      if (cls) this.classNames.set(cls, f.path);
      const ext = /^extends\s+("[^"]*"|'[^']*'|[\w.]+)/m.exec(f.text)?.[1];
      if (ext) this.extendsOf.set(f.path, ext);
    }
    for (const f of files) {
      if (!/\.(tscn|escn)$/.test(f.path)) continue;
      const facts = sceneFacts(f.text);
      for (const n of facts.nodes) {
        const script = n.script && this.resolve(f.path, n.script);
        if (!script) continue;
        const types = this.nodeTypes.get(script) ?? new Map<string, string>();
        for (const [k, v] of nodeTypesBelow(facts, n.path)) if (!types.has(k)) types.set(k, v);
        this.nodeTypes.set(script, types);
      }
    }
  }

  /** A res:// path, or one relative to the file naming it, as a workspace path. */
  resolve(from: string, ref: string): string | undefined {
    if (ref.startsWith('res://')) return path.posix.join(this.base, ref.slice(6));
    if (ref.startsWith('uid://') || /^[a-z]+:\/\//.test(ref)) return undefined;
    return path.posix.join(path.posix.dirname(from), ref);
  }

  /** The engine class at the bottom of a script's `extends` chain (Reference by default in 3.x). */
  engineClassOf(file: string, depth = 0): { cls?: string; via: string[] } {
    const ext = this.extendsOf.get(file);
    if (!ext) return { cls: undefined, via: [] };
    if (depth > 16) return { via: [] };
    const quoted = /^["'](.*)["']$/.exec(ext)?.[1];
    const target = quoted ? this.resolve(file, quoted) : this.classNames.get(ext.split('.')[0]);
    if (target && this.scripts.has(target)) {
      const up = this.engineClassOf(target, depth + 1);
      return { cls: up.cls, via: [target, ...up.via] };
    }
    if (!quoted && classRef().isClass(ext)) return { cls: ext, via: [] };
    return { via: [] };
  }

  scriptContext(file: string): ScriptContext {
    const { cls, via } = this.engineClassOf(file);
    const ownNames = new Set(this.declared.get(file) ?? []);
    for (const v of via) for (const n of this.declared.get(v) ?? []) ownNames.add(n);
    return { selfClass: cls, ownNames, nodeTypes: this.nodeTypes.get(file) ?? new Map() };
  }

  /**
   * What a fragment's judgment depends on besides its text, as a short digest (part of the resume
   * key): the script's base class, and of its own names, the project's names and classes and its
   * scene's node types only those the fragment mentions, so an edit re-judges only what it can change.
   */
  digest(file: string, fragmentText: string): string {
    const c = this.scriptContext(file);
    // Names in strings and comments are not uses (the judge never reads them as API).
    const code = fragmentText.replace(/"(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*'|#[^\n]*/g, ' ');
    const used = new Set(code.match(/[A-Za-z_]\w*/g) ?? []);
    const pick = (xs: Iterable<string>) => [...xs].filter((n) => used.has(n)).sort().join(',');
    const nodes = [...c.nodeTypes].filter(([p]) => used.has(p.slice(p.lastIndexOf('/') + 1).replace(/^%/, ''))).sort();
    const parts = [c.selfClass ?? '', pick(c.ownNames), pick(this.projectNames), pick(this.userClasses), nodes.join(',')];
    return createHash('sha1').update(parts.join('\u0000')).digest('hex').slice(0, 16);
  }
}

const DECLARATION = /^[ \t]*(?:(?:static|remote|master|puppet|remotesync|mastersync|puppetsync|onready|export(?:\([^)\n]*\))?|@\w+(?:\([^)\n]*\))?)[ \t]+)*(func|var|const|signal|class|enum)[ \t]+(\w+)/gm;

/** Names a script declares (functions, variables, constants, signals, enums, inner classes, enum values). */
export function declaredNames(text: string): { own: Set<string>; classes: Set<string> } {
  const own = new Set<string>();
  const classes = new Set<string>();
  for (const m of text.matchAll(DECLARATION)) {
    own.add(m[2]);
    if (m[1] === 'class') classes.add(m[2]);
  }
  const cls = /^class_name\s+(\w+)/m.exec(text)?.[1];
  if (cls) classes.add(cls);
  for (const m of text.matchAll(/^[ \t]*enum(?:[ \t]+\w+)?[ \t]*\{([^}]*)\}/gm)) for (const v of m[1].matchAll(/(\w+)\s*(?:=[^,]*)?(?:,|$)/g)) own.add(v[1]);
  for (const m of text.matchAll(/^[ \t]*const[ \t]+(\w+)[ \t]*=[ \t]*(?:pre)?load\(/gm)) classes.add(m[1]);
  return { own, classes };
}
