// What an expression is, as far as the tree and the class references tell: the receiver of a
// call or member. Declared types, `X.new()`, constructors, singletons, `$Node` types from the
// scenes that attach the script, method return types and property types all count; a name the
// project declares is the user's own. Nothing is guessed from file names.
import type { Node } from 'web-tree-sitter';
import { type ClassRef, classRef } from './classref';
import type { ScriptContext } from './context';
import { kids } from './gdscript-tree';
import type { Confidence } from './model';

export interface Receiver {
  cls: string;
  /** The class itself (`Vector2.ZERO`, `File.new()`), not an instance. */
  isStatic: boolean;
  confidence: Confidence;
}

/** A function's parameters and local variables: name → declared type or initializer. */
export interface Locals {
  names: Set<string>;
  typed: Map<string, string>;
  values: Map<string, Node>;
}

export function emptyLocals(): Locals {
  return { names: new Set(), typed: new Map(), values: new Map() };
}

/** Parameters and `var` statements of a function (or of the script's top level). */
export function collectLocals(scope: Node, into: Locals = emptyLocals()): Locals {
  const visit = (n: Node, depth: number) => {
    const t = n.type;
    if (t === 'variable_statement' || t === 'onready_variable_statement' || t === 'export_variable_statement' || t === 'const_statement') {
      const name = n.childForFieldName('name')?.text;
      if (name) {
        into.names.add(name);
        const type = n.childForFieldName('type');
        if (type && type.type === 'type') into.typed.set(name, type.text);
        const value = n.childForFieldName('value');
        if (value) into.values.set(name, value);
      }
    } else if (t === 'typed_parameter' || t === 'typed_default_parameter') {
      const id = n.namedChildren[0];
      const type = n.childForFieldName('type');
      if (id) {
        into.names.add(id.text);
        if (type && type.type === 'type') into.typed.set(id.text, type.text);
      }
    } else if (t === 'identifier' && (n.parent?.type === 'parameters' || n.parent?.type === 'default_parameter')) into.names.add(n.text);
    else if (t === 'for_statement') {
      const left = n.childForFieldName('left');
      if (left) into.names.add(left.text);
    }
    // Lambdas and inner functions keep their own names; the judge only needs a superset.
    if (depth < 64) for (const c of kids(n)) visit(c, depth + 1);
  };
  visit(scope, 0);
  return into;
}

const LOADERS = new Set(['preload', 'load', 'ResourceLoader.load']);

export class ReceiverInference {
  private readonly ref: ClassRef = classRef();

  constructor(
    private readonly ctx: ScriptContext,
    private readonly scriptLocals: Locals,
    private readonly userClasses: Set<string>,
  ) {}

  /** A class name the engine knows, in either version (and not one the project defines). */
  engineClass(name: string): boolean {
    return this.ref.isClass(name) && !this.userClasses.has(name) && !name.startsWith('@');
  }

  /** The receiver an expression denotes, or undefined when the tree does not say. */
  of(node: Node, locals: Locals, depth = 0): Receiver | undefined {
    if (depth > 12) return undefined;
    switch (node.type) {
      case 'identifier':
        return this.ofName(node.text, locals, depth);
      case 'get_node':
        return this.ofNodePath(node.text);
      case 'parenthesized_expression':
        return node.namedChildren[0] ? this.of(node.namedChildren[0], locals, depth + 1) : undefined;
      case 'binary_operator': {
        // `x as Type`
        const op = node.child(1)?.type;
        const right = node.childForFieldName('right');
        return op === 'as' && right && this.engineClass(right.text) ? { cls: right.text, isStatic: false, confidence: 'high' } : undefined;
      }
      case 'call':
        return this.ofCall(node, locals);
      case 'attribute':
        return this.ofChain(node, locals, depth);
      case 'string':
      case 'string_name':
        return undefined;
      default:
        return undefined;
    }
  }

  /** A name: self, a local or script variable, a class, a singleton. */
  ofName(name: string, locals: Locals, depth: number): Receiver | undefined {
    if (name === 'self') return this.ctx.selfClass ? { cls: this.ctx.selfClass, isStatic: false, confidence: 'high' } : undefined;
    for (const scope of [locals, this.scriptLocals]) {
      if (!scope.names.has(name)) continue;
      const typed = scope.typed.get(name);
      if (typed) return this.engineClass(typed) ? { cls: typed, isStatic: false, confidence: 'high' } : undefined;
      const value = scope.values.get(name);
      return value ? this.of(value, scope === locals ? locals : this.scriptLocals, depth + 1) : undefined;
    }
    if (this.ctx.ownNames.has(name)) return undefined;
    if (this.engineClass(name)) return { cls: name, isStatic: true, confidence: 'high' };
    const single = this.ref.singleton(3, name) ?? this.ref.singleton(4, name);
    if (single) return { cls: single, isStatic: false, confidence: 'high' };
    // A property of the script's own class (`transform`, `position`).
    return this.ctx.selfClass ? this.propertyOf(this.ctx.selfClass, name, 'high') : undefined;
  }

  /** `$Sprite`, `$"HUD/Label"`, `%Score`: the scene's type, or a node named after its class. */
  ofNodePath(text: string): Receiver | undefined {
    const p = text.replace(/^\$/, '').replace(/^["']|["']$/g, '');
    const known = this.ctx.nodeTypes.get(p) ?? this.ctx.nodeTypes.get(p.replace(/^%/, '%'));
    if (known) return { cls: known, isStatic: false, confidence: 'high' };
    const last = p.slice(p.lastIndexOf('/') + 1).replace(/^%/, '');
    // Godot names a new node after its class: a good guess, not a fact.
    return this.engineClass(last) ? { cls: last, isStatic: false, confidence: 'medium' } : undefined;
  }

  private ofCall(node: Node, locals: Locals): Receiver | undefined {
    const fn = node.namedChildren[0];
    if (!fn || fn.type !== 'identifier') return undefined;
    const name = fn.text;
    const args = node.childForFieldName('arguments');
    const first = args?.namedChildren[0];
    if (LOADERS.has(name) && first?.type === 'string') {
      const target = first.text.slice(1, -1);
      if (/\.(tscn|scn|escn)$/.test(target)) return { cls: 'PackedScene', isStatic: false, confidence: 'high' };
      if (/\.gd$/.test(target)) return { cls: 'GDScript', isStatic: false, confidence: 'high' };
      return undefined;
    }
    if (name === 'get_node' || name === 'get_node_or_null') return first?.type === 'string' ? this.ofNodePath(first.text) : undefined;
    if (this.engineClass(name)) return { cls: name, isStatic: false, confidence: 'high' };
    if (locals.names.has(name) || this.ctx.ownNames.has(name)) return undefined;
    return this.returnOf(this.ctx.selfClass, name) ?? this.returnOfGlobal(name);
  }

  /** A chain `a.b.c()`: each step's type from the one before. */
  private ofChain(node: Node, locals: Locals, depth: number): Receiver | undefined {
    const parts = kids(node);
    let recv = parts[0] ? this.of(parts[0], locals, depth + 1) : undefined;
    for (let i = 1; i < parts.length && recv; i++) recv = this.step(recv, parts[i]);
    return recv;
  }

  /** One step of a chain from a known receiver. */
  step(recv: Receiver, part: Node): Receiver | undefined {
    if (part.type === 'attribute_call') {
      const name = part.namedChildren[0]?.text ?? '';
      if (name === 'new' && recv.isStatic) return { cls: recv.cls, isStatic: false, confidence: recv.confidence };
      if (name === 'instance' || name === 'instantiate') return recv.cls === 'PackedScene' ? { cls: 'Node', isStatic: false, confidence: 'low' } : undefined;
      return this.returnOf(recv.cls, name, recv.confidence);
    }
    if (part.type === 'identifier') return this.propertyOf(recv.cls, part.text, recv.confidence);
    return undefined;
  }

  private returnOf(cls: string | undefined, method: string, confidence: Confidence = 'high'): Receiver | undefined {
    if (!cls) return undefined;
    for (const v of [3, 4] as const) {
      const hit = this.ref.member(v, v === 4 ? (this.ref.classIn4(cls) ?? cls) : cls, method);
      if (hit && hit.facts[0] === 'm') return this.typed(String(hit.facts[1]), confidence);
    }
    return undefined;
  }

  private returnOfGlobal(name: string): Receiver | undefined {
    for (const v of [3, 4] as const) {
      const hit = this.ref.global(v, name);
      if (hit && hit.facts[0] === 'm') return this.typed(String(hit.facts[1]), 'high');
    }
    return undefined;
  }

  private propertyOf(cls: string, name: string, confidence: Confidence): Receiver | undefined {
    for (const v of [3, 4] as const) {
      const hit = this.ref.member(v, v === 4 ? (this.ref.classIn4(cls) ?? cls) : cls, name);
      if (hit && hit.facts[0] === 'p') return this.typed(String(hit.facts[1]), confidence);
      if (hit && hit.facts[0] === 'c') return undefined;
    }
    return undefined;
  }

  private typed(type: string, confidence: Confidence): Receiver | undefined {
    return this.engineClass(type) ? { cls: type, isStatic: false, confidence } : undefined;
  }
}
