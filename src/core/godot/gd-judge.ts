// The deterministic judge of a GDScript fragment: it walks the fragment's parse tree and records
// each usage that belongs to one Godot version. Syntax only Godot 3 accepts (tool, export, onready,
// setget, yield, rpc keywords, `.()` constructor arguments) and syntax only Godot 4 accepts
// (annotations, await, lambdas, property set/get, StringName and NodePath literals) are certain.
// For API names it asks the class references about the receiver the tree shows (declared types,
// `extends`, `$Node` types from the scenes, return and property types): a member in 3.x and not in
// 4.x is Godot 3 (renamed or removed), the reverse is Godot 4, both is neither unless the arguments
// fit only one. A name the project declares is the user's, never the engine's; comments, strings
// and node paths are never API uses. An ambiguous rename counts only when the receiver is known.
import type { Node } from 'web-tree-sitter';
import { type ClassRef, classLink, classRef } from './classref';
import type { ScriptContext } from './context';
import { exportAnnotation } from './export-fix';
import type { GdPiece } from './gdscript-fragments';
import { allKids, kids } from './gdscript-tree';
import type { Locator } from './locate';
import type { Confidence, Edit, Evidence } from './model';
import { collectLocals, type Locals, type Receiver, ReceiverInference } from './receiver';
import { prototypeOfApi, prototypeOfRule } from './rules';

const GODOT4_SYNTAX: Record<string, string> = {
  await_expression: 'await',
  lambda: 'a lambda (func(...): ...)',
  set_body: 'a property setter (set(value):)',
  get_body: 'a property getter (get:)',
  string_name: 'a StringName literal (&"name")',
  node_path: 'a NodePath literal (^"path")',
};

const IDENT = /^[A-Za-z_]\w*$/;
const SIMPLE = new Set(['identifier', 'get_node', 'call', 'attribute', 'subscript', 'parenthesized_expression']);

export interface GdJudgeInput {
  piece: GdPiece;
  ctx: ScriptContext;
  /** Script-level declarations (the file's top-level `var`s with their types and values). */
  scriptLocals: Locals;
  userClasses: Set<string>;
  projectNames: Set<string>;
  at: Locator;
}

export function judgeGdscript(input: GdJudgeInput): Evidence[] {
  return new GdJudge(input).run();
}

class GdJudge {
  private readonly ref: ClassRef = classRef();
  private readonly out: Evidence[] = [];
  private readonly infer: ReceiverInference;
  private locals: Locals;
  private readonly from: number;
  private readonly to: number;

  constructor(private readonly input: GdJudgeInput) {
    this.infer = new ReceiverInference(input.ctx, input.scriptLocals, input.userClasses);
    this.locals = collectLocals(input.piece.nodes[input.piece.nodes.length - 1]);
    this.from = input.piece.startRow;
    this.to = input.piece.endRow;
  }

  run(): Evidence[] {
    for (const n of this.input.piece.nodes) this.visit(n);
    return this.out;
  }

  // ---- evidence -------------------------------------------------------------------------------

  private add(node: Node, e: Omit<Evidence, 'line' | 'column' | 'endLine' | 'endColumn' | 'support'> & { support?: string[] }): void {
    this.out.push({ ...this.input.at.spanOf(node), ...e, support: e.support ?? [] });
  }

  private godot4(node: Node, rule: string, what: string, confidence: Confidence = 'high'): void {
    this.add(node, { version: 'godot4', rule, confidence, what, message: `${what} is Godot 4 syntax or API` });
  }

  private edit(node: Node, text: string, from = node.startIndex, to = node.endIndex): Edit {
    return this.input.at.edit(from, to, text);
  }

  /** Is `name` the user's own (a local, a script member, anything the project declares)? */
  private own(name: string): boolean {
    return this.locals.names.has(name) || this.input.scriptLocals.names.has(name) || this.input.ctx.ownNames.has(name) || this.input.projectNames.has(name);
  }

  // ---- the walk -------------------------------------------------------------------------------

  private visit(node: Node): void {
    if (node.endPosition.row < this.from || node.startPosition.row > this.to) return;
    const type = node.type;
    switch (type) {
      case 'comment':
      case 'string':
      case 'get_node':
      case 'integer':
      case 'float':
        return; // names in comments, strings and node paths are not API uses
      case 'class_definition': {
        // The header only: the members are fragments of their own.
        const ext = node.childForFieldName('extends');
        if (ext) this.visit(ext);
        return;
      }
      case 'expression_statement':
        if (node.namedChildCount === 1 && node.text === 'tool') {
          this.add(node, { version: 'godot3', rule: 'gd3-tool', confidence: 'high', what: 'tool', godot4: '@tool', message: 'the tool keyword became the @tool annotation in Godot 4', replacement: this.edit(node, '@tool') });
          return;
        }
        break;
      case 'annotation':
        this.annotation(node);
        return;
      case 'class_name_statement': {
        const icon = node.childForFieldName('icon_path');
        const name = node.childForFieldName('name');
        if (icon && name) {
          const godot4 = `@icon(${icon.text})\nclass_name ${name.text}`;
          this.add(node, { version: 'godot3', rule: 'gd3-class-icon', confidence: 'high', what: node.text, godot4, message: `the icon of a class_name is the @icon annotation in Godot 4: ${godot4.replace('\n', ' ')}`, replacement: this.edit(node, godot4) });
        }
        const ext = node.childForFieldName('extends');
        if (ext) this.visit(ext);
        return;
      }
      case 'export_variable_statement':
        this.exportStatement(node);
        this.shadowed(node);
        break;
      case 'variable_statement':
        this.shadowed(node);
        break;
      case 'onready_variable_statement': {
        const kw = allKids(node).find((c) => c.type === 'onready');
        this.add(kw ?? node, { version: 'godot3', rule: 'gd3-onready', confidence: 'high', what: 'onready var', godot4: '@onready var', message: 'onready became the @onready annotation in Godot 4', replacement: kw ? this.edit(kw, '@onready') : undefined });
        break;
      }
      case 'setget':
        // The grammar calls Godot 4's `var x: set = f` / `set(value):` a setget too: only the keyword is Godot 3.
        if (allKids(node)[0]?.type !== 'setget') {
          this.visitChildren(node);
          return;
        }
        this.add(node, { version: 'godot3', rule: 'gd3-setget', confidence: 'high', what: node.text, godot4: 'a property with set/get: `var x: set = setter, get = getter`', message: `setget is gone in Godot 4: declare the accessors after the variable (\`var x: set = ${node.namedChildren.find((c) => c?.type === 'setter')?.text ?? 'setter'}\`) or inline with set(value):/get:`, link: DOCS_PROPERTIES });
        return;
      case 'remote_keyword':
        this.add(node, { version: 'godot3', rule: 'gd3-rpc-keyword', confidence: 'high', what: node.text, godot4: rpcForm(node.text), message: `the ${node.text} keyword became the @rpc annotation in Godot 4: ${rpcForm(node.text)}`, link: classLink(4, 'Node', 'rpc') });
        return;
      case 'constructor_definition':
        if (node.childForFieldName('arguments')) {
          const args = node.childForFieldName('arguments')!;
          this.add(args, { version: 'godot3', rule: 'gd3-init-super', confidence: 'high', what: `_init(...)${args.text}`, godot4: `super${args.text} in the body`, message: `parent constructor arguments after the signature are gone in Godot 4: call super${args.text} in _init's body` });
        }
        break;
      case 'base_call':
        this.add(node, { version: 'godot3', rule: 'gd3-base-call', confidence: 'high', what: node.text, godot4: `super${node.text}`, message: `calling the parent's method is written super${node.text} in Godot 4`, replacement: this.input.at.edit(node.startIndex, node.startIndex, 'super') });
        this.visitChildren(node.childForFieldName('arguments') ?? node, true);
        return;
      case 'call':
        this.call(node);
        return;
      case 'attribute':
        this.chain(node);
        return;
      case 'type':
        this.typeName(node);
        return;
      case 'extends_statement': {
        const t = node.namedChildren[0];
        if (t && t.type === 'type') this.typeName(t);
        return;
      }
      case 'binary_operator': {
        const op = node.child(1)?.type;
        if (op === 'is' || op === 'as') {
          const left = node.childForFieldName('left');
          if (left) this.visit(left);
          const right = node.childForFieldName('right');
          if (right?.type === 'identifier') this.className(right);
          else if (right) this.visit(right);
          return;
        }
        break;
      }
      case 'identifier':
        this.bareName(node);
        return;
      default:
        if (GODOT4_SYNTAX[type]) this.godot4(node, 'gd4-syntax', GODOT4_SYNTAX[type]);
        if (type === 'lambda') this.locals = collectLocals(node, this.locals);
    }
    this.visitChildren(node);
  }

  private visitChildren(node: Node, argsOnly = false): void {
    for (const c of kids(node)) {
      // A declaration's own name is a definition, not a use.
      if (!argsOnly && c.type === 'name') continue;
      this.visit(c);
    }
  }

  // ---- syntax ---------------------------------------------------------------------------------

  private annotation(node: Node): void {
    const name = node.namedChildren[0]?.text ?? '';
    if (this.ref.member(4, '@GDScript', `@${name}`) || ['export', 'onready', 'tool', 'rpc', 'icon', 'warning_ignore', 'static_unload'].includes(name) || name.startsWith('export_')) this.godot4(node, 'gd4-syntax', `@${name}`);
    const args = node.childForFieldName('arguments');
    if (args) this.visitChildren(args, true);
  }

  private exportStatement(node: Node): void {
    const kw = allKids(node).find((c) => c.type === 'export');
    const name = node.childForFieldName('name');
    const fix = kw && name ? exportAnnotation(node, this.ref) : undefined;
    const godot4 = fix ? `${fix.annotation} var ${name!.text}${fix.type ? `: ${fix.type}` : ''}` : '@export var … (see @export_range, @export_enum, @export_file)';
    this.add(kw ?? node, {
      version: 'godot3',
      rule: 'gd3-export',
      confidence: 'high',
      what: node.text.slice(0, (name?.endIndex ?? node.endIndex) - node.startIndex),
      godot4,
      message: `export became annotations in Godot 4: ${godot4}`,
      replacement: fix && kw && name ? this.input.at.edit(kw.startIndex, name.endIndex, godot4) : undefined,
      link: DOCS_EXPORTS,
    });
  }

  /**
   * A script variable named like a property the base class gained in Godot 4 (`var velocity` in a
   * KinematicBody2D script: CharacterBody2D has one): Godot 4 refuses to redeclare it.
   */
  private shadowed(node: Node): void {
    const self = this.input.ctx.selfClass;
    const name = node.childForFieldName('name');
    if (!self || !name || node.parent?.type !== 'source') return;
    const c3 = this.ref.classIn3(self);
    const c4 = this.ref.classIn4(self);
    if (!c3 || !c4 || c3 === c4 && !this.ref.hasClass(3, self)) return;
    const in4 = this.ref.member(4, c4, name.text);
    if (!in4 || in4.facts[0] !== 'p' || this.ref.member(3, c3, name.text)) return;
    this.add(name, { version: 'godot3', rule: 'api-shadowed', confidence: 'high', what: `var ${name.text}`, godot4: `the inherited ${in4.owner}.${name.text}`, message: `${in4.owner} has its own ${name.text} property in Godot 4: this variable would redeclare it (remove it and use the inherited one)`, link: classLink(4, in4.owner, name.text, 'property') });
  }

  // ---- calls and members ----------------------------------------------------------------------

  /** A bare call `f(args)`: a user function, a constructor, a global, or a method of self. */
  private call(node: Node): void {
    const fn = node.namedChildren[0];
    const args = node.childForFieldName('arguments');
    const argList = args ? kids(args).filter((a) => a.type !== 'comment') : [];
    if (fn?.type === 'identifier') {
      const name = fn.text;
      if (name === 'yield') this.yieldCall(node, argList);
      else if (name === 'super') this.godot4(fn, 'gd4-syntax', 'super()');
      else if (['connect', 'disconnect', 'is_connected'].includes(name) && !this.own(name)) this.connectCall(node, fn, argList, undefined);
      else if (this.own(name)) {
        /* the user's own function */
      } else if (this.infer.engineClass(name)) this.className(fn);
      else this.bareMember(fn, name, argList);
    } else if (fn) this.visit(fn);
    if (args) this.visitChildren(args, true);
  }

  private yieldCall(node: Node, args: Node[]): void {
    const [obj, sig] = args;
    let signal = sig?.type === 'string' ? sig.text.slice(1, -1) : undefined;
    // The emitter's class, when the tree shows it, says whether the signal kept its name.
    const recv = obj ? this.infer.of(obj, this.locals) : undefined;
    let missing = false;
    if (recv && signal && this.ref.member(3, recv.cls, signal)) {
      const c4 = this.ref.classIn4(recv.cls) ?? recv.cls;
      if (!this.ref.member(4, c4, signal)) {
        const renamed = this.signalRename(recv.cls, signal) ?? prototypeRename(this.ref.member(3, recv.cls, signal)!.owner, signal)?.new;
        if (renamed && this.ref.member(4, c4, renamed)) signal = renamed;
        else missing = true;
      }
    }
    const simple = obj && SIMPLE.has(obj.type);
    const godot4 = obj && signal && IDENT.test(signal) ? `await ${simple ? obj.text : `(${obj.text})`}.${signal}` : 'await signal (or await a coroutine call)';
    this.add(node, {
      version: 'godot3',
      rule: 'gd3-yield',
      confidence: 'high',
      what: node.text,
      godot4,
      message: missing ? `yield became await in Godot 4, and ${recv!.cls} has no ${signal} signal there: await another signal` : `yield became await in Godot 4: ${godot4}`,
      replacement: obj && signal && IDENT.test(signal) && args.length === 2 && !missing ? this.edit(node, godot4) : undefined,
      link: DOCS_AWAIT,
    });
  }

  /**
   * connect("signal", target, "method"[, binds[, flags]]) on `owner` (undefined: self): the
   * Godot 3 form. `call` is what the edit replaces (the whole bare call, or the chain's last step).
   */
  private connectCall(call: Node, nameNode: Node, args: Node[], owner: Receiver | undefined): void {
    const [sig, target, method, binds, flags] = args;
    const fn = nameNode.text;
    const wants = fn === 'connect' ? 3 : 3;
    if (args.length < wants || sig?.type !== 'string' || method?.type !== 'string') {
      // connect("signal", callable) is valid Godot 4; check the signal name still.
      if (sig?.type === 'string' && args.length === 2 && fn === 'connect') this.godot4(nameNode, 'gd4-syntax', 'connect(signal, callable)', 'low');
      return;
    }
    const signal = sig.text.slice(1, -1);
    const handler = method.text.slice(1, -1);
    const renamed = owner ? this.signalRename(owner.cls, signal) : undefined;
    const sig4 = renamed ?? signal;
    const callable = target.text === 'self' ? handler : `${SIMPLE.has(target.type) ? target.text : `(${target.text})`}.${handler}`;
    const bound = binds?.type === 'array' ? (binds.namedChildCount ? `${callable}.bind(${kids(binds).map((b) => b.text).join(', ')})` : callable) : binds ? undefined : callable;
    const godot4 = `${sig4}.${fn}(${bound ?? `${callable}.bindv(${binds!.text})`}${flags ? `, ${flags.text}` : ''})`;
    const safe = IDENT.test(sig4) && IDENT.test(handler) && bound !== undefined && !flags;
    this.add(call, {
      version: 'godot3',
      rule: 'gd3-connect-args',
      confidence: 'high',
      what: call.text,
      godot4,
      message: `${fn}() takes a Callable in Godot 4: ${godot4}`,
      replacement: safe ? this.edit(call, godot4) : undefined,
      support: renamed ? [`gdscript_signals_renames:${signal}`] : [],
      link: classLink(4, 'Object', fn),
    });
  }

  private signalRename(cls: string, signal: string): string | undefined {
    if (!this.ref.member(3, cls, signal) || this.ref.member(4, this.ref.classIn4(cls) ?? cls, signal)) return undefined;
    return this.ref.renamesOf('gdscript_signals_renames', signal).find((r) => this.ref.member(4, this.ref.classIn4(cls) ?? cls, r.new))?.new;
  }

  /** A chain `a.b.c(x).d`: the base, then each step against the receiver before it. */
  private chain(node: Node): void {
    const parts = kids(node);
    const base = parts[0];
    if (!base) return;
    let recv: Receiver | undefined;
    if (base.type === 'identifier') {
      const name = base.text;
      if (name === 'super') this.godot4(base, 'gd4-syntax', 'super');
      recv = this.infer.ofName(name, this.locals, 0);
      // A class or singleton is checked as a class name; anything else that is not the user's is
      // a global or a member of self (`translation.y`).
      if (recv?.isStatic) {
        this.className(base);
        // A Godot 3 singleton that is a plain class in Godot 4 (JSON): its methods need an instance.
        const call = parts[1]?.type === 'attribute_call' ? parts[1] : undefined;
        const method = call?.namedChildren[0]?.text;
        if (method && this.ref.singleton(3, name) && !this.ref.singleton(4, name) && this.ref.hasClass(4, name)) {
          const m4 = this.ref.member(4, name, method);
          if (m4 && m4.facts[0] === 'm' && m4.facts[5] !== 1) {
            const proto = prototypeOfApi(`${name}.${method}`, name);
            this.add(call!, { version: 'godot3', rule: 'api-removed', confidence: 'high', what: `${name}.${method}`, godot4: proto?.title, message: `${name} is no longer a singleton in Godot 4: ${name}.${method}() needs an instance${proto ? ` (${proto.title})` : ''}`, support: proto ? [`label_prototypes:${proto.id}`] : [], link: classLink(4, name, method) });
          }
        }
      } else if (!this.own(name) && name !== 'self' && name !== 'super') this.bareName(base);
    } else {
      this.visit(base);
      recv = this.infer.of(base, this.locals);
    }
    for (let i = 1; i < parts.length; i++) {
      const part = parts[i];
      if (part.type === 'attribute_call') {
        const nameNode = part.namedChildren[0];
        const args = part.childForFieldName('arguments');
        const argList = args ? kids(args).filter((a) => a.type !== 'comment') : [];
        if (nameNode) {
          const name = nameNode.text;
          if (['connect', 'disconnect', 'is_connected'].includes(name)) this.connectCall(part, nameNode, argList, recv);
          else this.member(recv, nameNode, name, argList, true);
        }
        if (args) this.visitChildren(args, true);
      } else if (part.type === 'identifier') this.member(recv, part, part.text, undefined, false);
      else this.visit(part);
      recv = recv ? this.infer.step(recv, part) : undefined;
    }
  }

  /** A name with no receiver: a local, the user's, a global constant or class, or self's property. */
  private bareName(node: Node): void {
    const name = node.text;
    if (this.own(name) || name === 'self' || name === 'super') return;
    if (this.infer.engineClass(name)) return this.className(node);
    this.bareMember(node, name, undefined);
  }

  /** A global function or constant, or a member of self. */
  private bareMember(node: Node, name: string, args: Node[] | undefined): void {
    const self = this.input.ctx.selfClass;
    const g3 = this.ref.global(3, name);
    const g4 = this.ref.global(4, name);
    if (g3 || g4) {
      if (g3 && !g4) this.godot3Member({ cls: '@GlobalScope', isStatic: true, confidence: 'high' }, node, name, args, g3.owner);
      else if (g4 && !g3 && g4.facts[0] !== 'p') this.godot4(node, 'gd4-api', `${name}`, 'medium');
      else if (args && g3 && g4) this.argShape({ cls: g3.owner, isStatic: true, confidence: 'high' }, node, name, args, g3.facts, g4.facts);
      return;
    }
    if (self) this.member({ cls: self, isStatic: false, confidence: 'high' }, node, name, args, args !== undefined);
  }

  /** `recv.name` or `recv.name(args)`, recv possibly unknown. */
  private member(recv: Receiver | undefined, node: Node, name: string, args: Node[] | undefined, isCall: boolean): void {
    if (!recv) return this.unknownReceiver(node, name, args, isCall);
    const c3 = this.ref.hasClass(3, recv.cls) ? recv.cls : this.ref.classIn3(recv.cls);
    const c4 = this.ref.classIn4(recv.cls);
    // `File.READ`, `Tween.TRANS_LINEAR` on a class missing from one version: the class name is the evidence.
    if (recv.isStatic && (!c3 || !c4 || c4 !== recv.cls || c3 !== recv.cls)) return;
    const in3 = c3 ? this.ref.member(3, c3, name) : undefined;
    const in4 = c4 ? this.ref.member(4, c4, name) : undefined;
    const successor = successorOf(recv.cls);
    if (in3 && successor && !recv.isStatic) {
      // A class that was replaced (File → FileAccess): its members are checked against the successor.
      const next = successor ? this.ref.member(4, successor, name) : undefined;
      if (next && next.facts[0] === in3.facts[0]) {
        if (next.facts[0] !== 'm') return;
        if (next.facts[5] !== 1) {
          if (args) this.argShape({ cls: successor!, isStatic: false, confidence: recv.confidence }, node, name, args, in3.facts, next.facts);
          return;
        }
        this.add(node, { version: 'godot3', rule: prototypeOfApi(recv.cls)?.rule ?? 'api-removed', confidence: recv.confidence, what: `${recv.cls}.${name}`, godot4: `${successor}.${name}(...)`, message: `${successor}.${name} is static in Godot 4 (${recv.cls} became ${successor}): ${successor}.${name}(...)`, link: classLink(4, successor!, name) });
        return;
      }
    }
    if (!in3 && !in4) return;
    // A method the project itself defines on an engine-typed receiver would be the user's script.
    if (this.input.projectNames.has(name) && recv.confidence !== 'high') return;
    if (in3 && !in4) return this.godot3Member(recv, node, name, args, in3.owner);
    if (in4 && !in3) {
      if (c3) this.godot4(node, 'gd4-api', `${in4.owner}.${name}`, recv.confidence === 'high' ? 'medium' : 'low');
      return;
    }
    if (args && in3 && in4) this.argShape(recv, node, name, args, in3.facts, in4.facts);
  }

  /** Only the name is known: it counts when it is 3.x API and in no 4.x class at all. */
  private unknownReceiver(node: Node, name: string, args: Node[] | undefined, isCall: boolean): void {
    if (this.own(name) || name.startsWith('_')) return;
    // Only holders of the same kind count: a call is a method (GLTFNode's 4.x xform property is no `.xform()`).
    const sameKind = (v: 3 | 4) => (c: string) => !c.startsWith('@') && (this.ref.member(v, c, name)!.facts[0] === 'm') === isCall;
    const h3 = this.ref.holders(3, name).filter(sameKind(3));
    const h4 = this.ref.holders(4, name).filter(sameKind(4));
    if (h3.length && !h4.length) {
      // Shown as the likeliest holder: PackedScene for instance(), else a node class (Spatial, not GLTFNode).
      const cls = h3.length === 1 ? h3[0] : h3.includes('PackedScene') ? 'PackedScene' : (h3.find((c) => this.ref.inherits(3, c, 'Node')) ?? h3[0]);
      this.godot3Member({ cls, isStatic: false, confidence: 'medium' }, node, name, args, cls, h3.length > 1);
    } else if (!h3.length && h4.length && isCall) this.godot4(node, 'gd4-api', name, 'low');
  }

  /** A member in 3.x and not in 4.x: renamed, or removed. */
  private godot3Member(recv: Receiver, node: Node, name: string, args: Node[] | undefined, owner: string, guessedOwner = false): void {
    const cls4 = recv.cls.startsWith('@') ? '@GlobalScope' : (this.ref.classIn4(recv.cls) ?? recv.cls);
    const facts = this.ref.member(3, owner, name)?.facts ?? this.ref.global(3, name)?.facts;
    const kind = facts?.[0];
    // Color's named colours are the color table's (3.x also has a gray() method of the same name).
    const table = owner === 'Color' && this.ref.renamesOf('color_renames', name).length ? 'color_renames' : kind === 'm' ? 'gdscript_function_renames' : kind === 'p' ? 'gdscript_properties_renames' : kind === 's' ? 'gdscript_signals_renames' : owner === 'Color' ? 'color_renames' : 'enum_renames';
    const has4 = (n: string) => (cls4 === '@GlobalScope' ? this.ref.global(4, n) : this.ref.member(4, cls4, n)) !== undefined || (!recv.cls.startsWith('@') && recv.confidence !== 'high' && this.ref.holders(4, n).length > 0);
    const rows = this.ref.renamesOf(table, name).filter((r) => has4(r.new));
    const coded = prototypeRename(owner, name);
    if (coded && has4(coded.new)) rows.push({ id: `label_prototypes:${coded.proto}`, table: 'label_prototypes', old: name, new: coded.new, ambiguous: false });
    const row = rows.find((r) => !r.ambiguous) ?? rows[0];
    const known = recv.confidence === 'high' && !guessedOwner;
    const confidence: Confidence = known ? 'high' : 'medium';
    const shown = recv.cls.startsWith('@') ? name : `${owner}.${name}`;
    if (name === 'instance' && (owner === 'PackedScene' || owner === 'ClassDB')) {
      this.add(node, { version: 'godot3', rule: 'gd3-instance', confidence: owner === 'PackedScene' ? confidence : 'medium', what: `${shown}()`, godot4: 'instantiate()', message: 'PackedScene.instance() was renamed instantiate() in Godot 4', replacement: this.edit(node, 'instantiate'), support: row ? [row.id] : [], link: classLink(4, 'PackedScene', 'instantiate') });
      return;
    }
    if (row && (!row.ambiguous || known)) {
      // An edit only when the receiver is known, or the pair is one the engine itself applies.
      const safe = !row.ambiguous && (known || recv.confidence === 'medium');
      this.add(node, {
        version: 'godot3',
        rule: 'api-rename',
        confidence,
        what: shown,
        godot4: row.new,
        message: `${shown} was renamed ${row.new} in Godot 4${row.ambiguous ? ` (the engine's converter leaves this one alone: ${row.note ?? 'ambiguous'}; the receiver here is ${recv.cls})` : ''}`,
        replacement: safe ? this.edit(node, row.new) : undefined,
        support: [row.id],
        link: classLink(4, cls4.startsWith('@') ? '@GlobalScope' : cls4, row.new, kindWord(kind)),
      });
      return;
    }
    const proto = prototypeOfApi(`${owner}.${name}`, owner, name);
    // A syntax rule's code only for what its prototype lists as removed (File.open → gd3-file-api).
    const rule = proto && proto.rule.startsWith('gd3-') && proto.removed?.some((r) => r === `${owner}.${name}` || r === owner) ? proto.rule : 'api-removed';
    this.add(node, {
      version: 'godot3',
      rule,
      confidence,
      what: shown,
      godot4: proto?.title,
      message: `${shown} is not in Godot 4${proto ? `: ${proto.title}` : ''}`,
      support: proto ? [`label_prototypes:${proto.id}`] : [],
      link: classLink(3, owner.startsWith('@') ? '@GlobalScope' : owner, name, kindWord(kind)),
    });
    void args;
  }

  /** A method in both versions whose arguments fit only one. */
  private argShape(recv: Receiver, node: Node, name: string, args: Node[], f3: (string | number)[], f4: (string | number)[]): void {
    if (f3[0] !== 'm' || f4[0] !== 'm') return;
    const fits = (f: (string | number)[]) => args.length >= Number(f[2]) && (Number(f[3]) < 0 || args.length <= Number(f[3]));
    const ok3 = fits(f3);
    const ok4 = fits(f4);
    if (ok3 === ok4) return;
    if (ok4) return this.godot4(node, 'gd4-api', `${name}(${args.length} arguments)`, recv.confidence === 'high' ? 'medium' : 'low');
    const isMove = name === 'move_and_slide' || name === 'move_and_slide_with_snap';
    const proto = isMove ? prototypeOfRule('gd3-move-and-slide-args') : undefined;
    this.add(node, {
      version: 'godot3',
      rule: isMove ? 'gd3-move-and-slide-args' : 'api-args',
      confidence: recv.confidence,
      what: `${name}(${args.map((a) => a.text).join(', ')})`,
      godot4: String(f4[4]),
      message: isMove ? `move_and_slide() takes no arguments in Godot 4: set velocity (and up_direction) first, then call move_and_slide()` : `${name} takes ${f4[2] === f4[3] ? f4[2] : `${f4[2]} to ${Number(f4[3]) < 0 ? 'any' : f4[3]}`} arguments in Godot 4: ${f4[4]}`,
      support: proto ? [`label_prototypes:${proto.id}`] : [],
      link: classLink(4, recv.cls.startsWith('@') ? '@GlobalScope' : (this.ref.classIn4(recv.cls) ?? recv.cls), name),
    });
  }

  // ---- class names ----------------------------------------------------------------------------

  private typeName(node: Node): void {
    const inner = node.namedChildren[0];
    if (!inner) return;
    if (inner.type === 'identifier') this.className(inner);
    else if (inner.type === 'subscript') {
      // Array[int]: typed arrays are Godot 4.
      this.godot4(inner, 'gd4-syntax', `typed array ${inner.text}`);
      for (const c of kids(inner)) if (c.type === 'identifier') this.className(c);
        else this.visit(c);
    } else if (inner.type === 'attribute') this.chain(inner);
  }

  /** A class name in code: 3.x only (renamed or removed), 4.x only, or both. */
  private className(node: Node): void {
    const name = node.text;
    if (!this.infer.engineClass(name)) return;
    const in3 = this.ref.hasClass(3, name);
    const in4 = this.ref.hasClass(4, name);
    if (in3 && in4) return;
    if (in4) return this.godot4(node, 'gd4-api', name, 'high');
    const rows = [...this.ref.renamesOf('class_renames', name), ...this.ref.renamesOf('builtin_types_renames', name)].filter((r) => this.ref.hasClass(4, r.new));
    const row = rows.find((r) => !r.ambiguous) ?? rows[0];
    const successor = successorOf(name);
    if (successor) {
      // Renamed but used differently (DirAccess is opened by a static call, never new()): no edit.
      const proto = prototypeOfApi(name)!;
      this.add(node, { version: 'godot3', rule: proto.rule, confidence: 'high', what: name, godot4: successor, message: `${name} is ${successor} in Godot 4: ${proto.title}`, support: [`label_prototypes:${proto.id}`, ...(row ? [row.id] : [])], link: classLink(4, successor) });
      return;
    }
    if (row) {
      this.add(node, { version: 'godot3', rule: 'api-rename', confidence: 'high', what: name, godot4: row.new, message: `${name} was renamed ${row.new} in Godot 4`, replacement: row.ambiguous ? undefined : this.edit(node, row.new), support: [row.id], link: classLink(4, row.new) });
      return;
    }
    const proto = prototypeOfApi(name);
    this.add(node, {
      version: 'godot3',
      rule: proto && proto.rule.startsWith('gd3-') ? proto.rule : 'api-removed',
      confidence: 'high',
      what: name,
      godot4: proto?.title,
      message: `the class ${name} is not in Godot 4${proto ? `: ${proto.title}` : ''}`,
      support: proto ? [`label_prototypes:${proto.id}`] : [],
      link: classLink(3, name),
    });
  }
}

/** A rename a label prototype states for `owner.name` (one the engine's tables lack). */
function prototypeRename(owner: string, name: string): { new: string; proto: string } | undefined {
  const p = prototypeOfApi(`${owner}.${name}`, name);
  const renamed = p?.renames?.[`${owner}.${name}`];
  return p && renamed ? { new: renamed, proto: p.id } : undefined;
}

/** The Godot 4 class that took over a removed Godot 3 one, as the label prototypes say. */
function successorOf(cls: string): string | undefined {
  return prototypeOfApi(cls)?.successor?.[cls];
}

function kindWord(kind: string | number | undefined): string {
  return kind === 'p' ? 'property' : kind === 's' ? 'signal' : kind === 'c' ? 'constant' : 'method';
}

/** The usual Godot 4 spelling of a Godot 3 RPC keyword (master/puppet need a check in the body). */
function rpcForm(keyword: string): string {
  switch (keyword) {
    case 'remote':
      return '@rpc("any_peer")';
    case 'remotesync':
      return '@rpc("any_peer", "call_local")';
    case 'mastersync':
    case 'puppetsync':
      return '@rpc("call_local") and a check of is_multiplayer_authority() in the body';
    default:
      return '@rpc and a check of is_multiplayer_authority() in the body';
  }
}

const DOCS_PROPERTIES = 'https://docs.godotengine.org/en/stable/tutorials/scripting/gdscript/gdscript_basics.html#properties-setters-and-getters';
const DOCS_EXPORTS = 'https://docs.godotengine.org/en/stable/tutorials/scripting/gdscript/gdscript_exports.html';
const DOCS_AWAIT = 'https://docs.godotengine.org/en/stable/tutorials/scripting/gdscript/gdscript_basics.html#awaiting-signals-or-coroutines';
