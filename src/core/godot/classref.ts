// The class references of Godot 3.6 and 4.6 as the judge asks them: does this class exist in a
// version, what does it inherit, which class in its chain holds a member, what a method returns.
// Answers come from docs_chunks facts; inheritance is walked per version.
import { apiMapping, docsFacts, type MemberFacts, type RenameRow } from './data';

export type GodotVersion = 3 | 4;

export interface MemberHit {
  /** The class in the chain that holds it. */
  owner: string;
  facts: MemberFacts;
}

const GLOBALS = ['@GlobalScope', '@GDScript'];

export class ClassRef {
  private readonly classes = docsFacts().classes;
  /** Renames by table, then old name. */
  private readonly renames = new Map<string, Map<string, RenameRow[]>>();

  constructor() {
    for (const r of apiMapping()) {
      let t = this.renames.get(r.table);
      if (!t) this.renames.set(r.table, (t = new Map()));
      const list = t.get(r.old);
      if (list) list.push(r);
      else t.set(r.old, [r]);
    }
  }

  hasClass(v: GodotVersion, cls: string): boolean {
    return this.classes[cls]?.inherits[v] !== undefined;
  }

  /** A class known to either version. */
  isClass(cls: string): boolean {
    return this.hasClass(3, cls) || this.hasClass(4, cls);
  }

  parent(v: GodotVersion, cls: string): string | undefined {
    return this.classes[cls]?.inherits[v] ?? undefined;
  }

  /** `cls` and its ancestors in version v, nearest first. */
  chain(v: GodotVersion, cls: string): string[] {
    const out: string[] = [];
    for (let c: string | undefined = cls; c && out.length < 32; c = this.parent(v, c)) out.push(c);
    return out;
  }

  inherits(v: GodotVersion, cls: string, ancestor: string): boolean {
    return this.chain(v, cls).includes(ancestor);
  }

  /**
   * The member as `cls` (or an ancestor) has it in version v. A property's accessors
   * (`set_network_peer`, `get_frames`, `is_visible`) are not listed as methods in the class
   * reference: they answer as the property's own setter or getter.
   */
  member(v: GodotVersion, cls: string, name: string): MemberHit | undefined {
    for (const c of this.chain(v, cls)) {
      const facts = this.classes[c]?.members[name]?.[v];
      if (facts) return { owner: c, facts };
    }
    const accessor = /^(set|get|is)_(\w+)$/.exec(name);
    if (!accessor) return undefined;
    for (const c of this.chain(v, cls)) {
      const p = this.classes[c]?.members[accessor[2]]?.[v];
      if (p && p[0] === 'p') return { owner: c, facts: accessor[1] === 'set' ? ['m', 'void', 1, 1, `${name}(value: ${p[1]}) -> void`] : ['m', p[1], 0, 0, `${name}() -> ${p[1]}`] };
    }
    return undefined;
  }

  /** Global functions, constants and singletons (@GlobalScope, @GDScript). */
  global(v: GodotVersion, name: string): MemberHit | undefined {
    for (const g of GLOBALS) {
      const facts = this.classes[g]?.members[name]?.[v];
      if (facts) return { owner: g, facts };
    }
    return undefined;
  }

  /** The class a singleton name stands for (Input, OS, Engine…): a @GlobalScope property. */
  singleton(v: GodotVersion, name: string): string | undefined {
    const g = this.global(v, name);
    return g && g.facts[0] === 'p' ? String(g.facts[1]) : undefined;
  }

  /** The Godot 4 name of a Godot 3 class: renamed, or the same when it still exists. */
  classIn4(cls: string): string | undefined {
    // A class that still exists keeps its members (Viewport is still the base of SubViewport).
    if (this.hasClass(4, cls)) return cls;
    for (const t of ['class_renames', 'builtin_types_renames']) {
      const r = this.renames.get(t)?.get(cls)?.find((x) => !x.ambiguous) ?? this.renames.get(t)?.get(cls)?.[0];
      if (r && this.hasClass(4, r.new)) return r.new;
    }
    return undefined;
  }

  /** Every row of a rename table. */
  tableRows(table: string): RenameRow[] {
    return [...(this.renames.get(table)?.values() ?? [])].flat();
  }

  private reverse?: Map<string, string>;

  /** The Godot 3 name of a Godot 4 class: the same when it existed, else the class renamed to it. */
  classIn3(cls: string): string | undefined {
    if (this.hasClass(3, cls)) return cls;
    if (!this.reverse) {
      this.reverse = new Map();
      for (const t of ['class_renames', 'builtin_types_renames']) for (const r of this.tableRows(t)) if (!r.ambiguous && this.hasClass(3, r.old) && !this.reverse.has(r.new)) this.reverse.set(r.new, r.old);
    }
    return this.reverse.get(cls);
  }

  /** Rename rows of a table for an old name. */
  renamesOf(table: string, old: string): RenameRow[] {
    return this.renames.get(table)?.get(old) ?? [];
  }

  private byName?: Map<string, { 3: string[]; 4: string[] }>;

  /** Classes of version v holding a member of that name (and kind letter). */
  holders(v: GodotVersion, name: string, kind?: string): string[] {
    if (!this.byName) {
      this.byName = new Map();
      for (const [cls, c] of Object.entries(this.classes)) {
        for (const [m, per] of Object.entries(c.members)) {
          let e = this.byName.get(m);
          if (!e) this.byName.set(m, (e = { 3: [], 4: [] }));
          if (per[3]) e[3].push(cls);
          if (per[4]) e[4].push(cls);
        }
      }
    }
    const all = this.byName.get(name)?.[v] ?? [];
    return kind ? all.filter((c) => this.classes[c].members[name][v]![0] === kind) : all;
  }
}

let shared: ClassRef | undefined;

/** One per process: the facts are immutable. */
export function classRef(): ClassRef {
  return (shared ??= new ClassRef());
}

/** The class-reference page of a class (and anchor of a member), in the version's docs. */
export function classLink(v: GodotVersion, cls: string, member?: string, kind = 'method'): string {
  const page = cls.toLowerCase().replace(/^@/, '@');
  const base = `https://docs.godotengine.org/en/${v === 3 ? '3.6' : 'stable'}/classes/class_${page}.html`;
  if (!member) return base;
  return `${base}#class-${page.replace(/@/, '')}-${kind}-${member.replace(/_/g, '-')}`;
}
