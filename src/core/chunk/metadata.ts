// Stage 2 of code chunking: what a definition says about itself — signature, parameters, return
// type, decorators, docstring, async/generator, visibility, complexity, identifiers.
import type { Node, QueryMatch } from 'web-tree-sitter';
import type { LanguageSpec } from '../lang/spec';
import type { Visibility } from '../base/types';
import { docBlockAcrossBlankLines, lastRow, previousSiblingOf } from './definitions';
import { lowerBound } from '../base/sorted';
import { grown, own, TokenTable } from '../base/token-table';
import { lexWords } from '../base/lexer';

export function bodyOf(node: Node, spec: LanguageSpec): Node | null {
  for (const f of spec.bodyFields ?? ['body']) {
    const b = fieldPath(node, f);
    if (b) return b;
  }
  return null;
}

/** A field, or a dotted path of fields (`right.block.body`: Ruby `X = Struct.new do … end`). */
function fieldPath(node: Node, path: string): Node | null {
  let n: Node | null = node;
  for (const part of path.split('.')) n = n?.childForFieldName(part) ?? null;
  return n;
}

function collapse(text: string): string {
  return text.replace(/\s*\n\s*/g, ' ').replace(/\s+/g, ' ').trim();
}

/** Per language: the child types that come before a definition proper. */
const headSkips = new WeakMap<LanguageSpec, Set<string>>();

function headSkip(spec: LanguageSpec): Set<string> {
  let skip = headSkips.get(spec);
  if (!skip) headSkips.set(spec, (skip = new Set([...(spec.attachedTypes ?? []), ...spec.commentTypes, 'decorator', 'annotation'])));
  return skip;
}

/** Where the definition proper starts: after decorators/annotations/comments that are its children. */
function headStart(node: Node, children: (Node | null)[], spec: LanguageSpec): number {
  const skip = headSkip(spec);
  for (const child of children) {
    if (!child) continue;
    const type = child.type;
    if (skip.has(type)) continue;
    // Java keeps annotations inside `modifiers`: the head starts after them.
    if (type === 'modifiers') {
      const first = child.children.find((c) => c && !skip.has(c.type));
      if (!first) continue;
      return first.startIndex;
    }
    return child.startIndex;
  }
  return node.startIndex;
}

/** The header of a definition: from its start to where its body begins, on one line. */
export function signatureOf(node: Node, source: string, spec: LanguageSpec, body = bodyOf(node, spec)): string {
  // Read once for both walks: each read of `children` makes a node object per child.
  const children = node.children;
  const start = headStart(node, children, spec);
  let end = body && body.startIndex > start ? body.startIndex : node.endIndex;
  // A comment between the header and the body (Python puts `def f(): # note` and a body's opening
  // comments there) is not part of the signature: it filled the symbol field with prose.
  for (const c of children) {
    if (c && c.startIndex > start && c.startIndex < end && spec.commentTypes.includes(c.type)) {
      end = c.startIndex;
      break;
    }
  }
  let sig = collapse(source.slice(start, end));
  if (!body && sig.length > 300) sig = collapse(source.slice(start, source.indexOf('\n', start) >>> 0 || end));
  // A C macro whose replacement starts on the next line: the continuation `\` is not its header.
  return sig.replace(/\s*[{]$/, '').replace(/\s*\\$/, '').slice(0, 400);
}

export function parametersOf(node: Node, spec: LanguageSpec): string[] {
  const own = spec.parameters?.(node);
  if (own) return own;
  for (const f of spec.parameterFields ?? ['parameters']) {
    const p = findField(node, f);
    // A lone parameter without parentheses (JS `x => x + 1`).
    if (p && spec.identifierTypes.includes(p.type)) return [p.text];
    if (p) return p.namedChildren.filter((c) => c && !spec.commentTypes.includes(c.type)).map((c) => collapse(c!.text));
  }
  return [];
}

/** A field of the node or of its declarator (C-like languages nest parameters in declarators). */
function findField(node: Node, field: string): Node | null {
  const direct = fieldPath(node, field);
  if (direct) return direct;
  const decl = node.childForFieldName('declarator') ?? node.childForFieldName('value');
  return decl ? findField(decl, field) : null;
}

export function returnTypeOf(node: Node, spec: LanguageSpec): string | undefined {
  if (spec.returnType) return spec.returnType(node);
  for (const f of spec.returnTypeFields ?? ['return_type']) {
    const r = findField(node, f);
    if (r) return collapse(r.text).replace(/^:\s*/, '').replace(/^->\s*/, '');
  }
  return undefined;
}

export function decoratorsOf(outer: Node, node: Node, spec: LanguageSpec): string[] {
  const types = new Set(['decorator', ...(spec.attachedTypes ?? [])]);
  const found: string[] = [];
  // Siblings before the outermost node (TS method decorators, Rust attributes, GDScript annotations).
  let prev = outer.previousSibling;
  const before: string[] = [];
  while (prev) {
    const type = prev.type;
    if (types.has(type)) before.unshift(collapse(prev.text));
    else if (!spec.commentTypes.includes(type)) break;
    prev = prev.previousSibling;
  }
  found.push(...before);
  // Children of wrappers and of the node itself (Python decorated_definition, TS class decorators).
  // By id: web-tree-sitter hands out a new Node object on every access, so `===` never met `outer`
  // and the walk went on to the root, reading every ancestor's children (decorators of an enclosing
  // class, and quadratic time in files with thousands of top-level definitions).
  for (let n: Node | null = node; n; n = n.id === outer.id ? null : n.parent) {
    for (const c of n.children) if (c && types.has(c.type)) found.push(collapse(c.text));
  }
  if (spec.decorators) found.push(...spec.decorators(node));
  return [...new Set(found)];
}

/** Python-style docstring: a string literal as the first statement of the body. */
function bodyDocstring(body: Node | null, spec: LanguageSpec): string | undefined {
  // Sibling by sibling: a body's namedChildren is a node object per statement.
  let first = body?.firstNamedChild ?? null;
  while (first && spec.commentTypes.includes(first.type)) first = first.nextNamedSibling;
  if (first?.type === 'expression_statement' && first.namedChildren[0]?.type === 'string') {
    return stripQuotes(first.namedChildren[0].text);
  }
  return undefined;
}

function stripQuotes(s: string): string {
  return s.replace(/^[rRbBuUfF]*("""|'''|"|')/, '').replace(/("""|'''|"|')$/, '').trim();
}

/** Text of comment lines without their markers (`//`, `#`, `/** … *\/`, `///`, `##`). */
export function stripCommentMarkers(text: string): string {
  return text
    .split('\n')
    .map((l) => l.replace(/^\s*(\/\*\*?|\*\/|\*(?!\/)|\/\/\/?!?|#+!?|--|;+)\s?/, '').replace(/\s*\*\/\s*$/, ''))
    .join('\n')
    .trim();
}

function leadingComment(outer: Node, spec: LanguageSpec, headerEnd: number): string | undefined {
  const parts: string[] = [];
  const attached = spec.attachedTypes ?? [];
  let prev = previousSiblingOf(outer, spec);
  let row = outer.startPosition.row;
  let first = true;
  let tookDescription = false;
  while (prev) {
    // Read once: each `type` is a call into wasm.
    const type = prev.type;
    const isComment = spec.commentTypes.includes(type);
    const described = isComment || attached.includes(type) ? undefined : spec.describes?.(prev);
    if (!isComment && described === undefined && !attached.includes(type)) break;
    const start = prev.startPosition.row;
    if (start <= headerEnd) break;
    if (prev.endPosition.row < row - 1 && !(isComment && docBlockAcrossBlankLines(prev, first))) break;
    // A comment after code on its line (`type Z int // note`) belongs to that code, as in leadingStartRow.
    const before = prev.previousSibling;
    if (isComment && before && lastRow(before) === start) break;
    if (described !== undefined) {
      if (!(spec.describesOnce && tookDescription)) parts.unshift(described);
      tookDescription = true;
    } else if (isComment) parts.unshift(prev.text);
    row = start;
    prev = before;
    first = false;
  }
  const doc = stripCommentMarkers(parts.join('\n'));
  return doc || undefined;
}

/** `headerEnd`: last row of the module's doc comment, which documents the file, not this definition. */
export function docstringOf(outer: Node, node: Node, spec: LanguageSpec, body = bodyOf(node, spec), headerEnd = -1): string | undefined {
  const doc = spec.docstring === 'body-string' ? bodyDocstring(body, spec) : leadingComment(outer, spec, headerEnd);
  return doc ? doc.slice(0, 2000) : undefined;
}

export function isAsync(node: Node): boolean {
  for (const c of node.children) {
    if (!c) continue;
    // Read once: each `type` is a call into wasm.
    const type = c.type;
    if (type === 'async') return true;
    // C# puts attributes, then one `modifier` node per keyword, before the return type.
    if (type === 'attribute_list') continue;
    // Rust: `pub async fn` has its visibility before the modifiers.
    if (type === 'visibility_modifier') continue;
    // TypeScript: `@dec protected override async m()`.
    if (type === 'decorator' || type === 'accessibility_modifier' || type === 'override_modifier') continue;
    const modifiers = type === 'modifiers' || type === 'function_modifiers' || type === 'modifier';
    if (c.isNamed && !modifiers) break;
    if (modifiers && /\basync\b/.test(c.text)) return true;
  }
  // Arrow functions assigned to a const, a class field or a property: the async sits on the value.
  const held = node.childForFieldName('value') ?? node.childForFieldName('right');
  if (held && /^(arrow_function|function_expression|generator_function)$/.test(held.type)) return held.children[0]?.type === 'async';
  if (!/declaration|declarator|assignment|statement/.test(node.type)) return false;
  const value = node.descendantsOfType(['arrow_function', 'function_expression'])[0];
  return !!value && value.startIndex - node.startIndex < 200 && value.children[0]?.type === 'async';
}

export interface Walked {
  complexity: number;
  generator: boolean;
}

// Keywords and builtin words that are never interesting as "identifiers a chunk references".
const NOT_IDENTIFIERS = new Set(
  ('if elif else for while do in of is not and or return def class self cls this new var let const function async await ' +
    'yield import from export default as with try except catch finally raise throw pass break continue lambda None True ' +
    'False null undefined true false void typeof instanceof delete switch case static public private protected extends ' +
    'implements interface type enum func var signal extends onready export tool match struct impl fn pub use mut mod ' +
    'package go defer chan select namespace using virtual override sealed readonly get set end begin module then unless ' +
    'when elsif until rescue ensure nil retry redo undef').split(' '),
);

/**
 * Identifiers a definition mentions, read from its text: cheap (no node objects per identifier)
 * and good enough for search; precise references for the repo map come from tags.scm.
 */
export function identifiersIn(text: string, limit = 300): string[] {
  // Deduplicated in place (seenIn) before anything is cut out: a substring per occurrence was
  // most of chunking's allocations. Forgotten between calls, never during one: a call must see
  // every identifier it listed.
  if (seen.size > 50_000) seen.clear();
  const generation = ++seenGeneration;
  const ids: string[] = [];
  lexWords(text, (start, end, h) => {
    if (end - start < 2) return;
    let t = seen.find(text, start, end, h);
    if (t >= 0) {
      const last = lastListed[t];
      if (last === NOT_AN_IDENTIFIER || last === generation) return;
      lastListed[t] = generation;
      ids.push(names[t]);
    } else {
      const id = own(text.slice(start, end));
      const keyword = NOT_IDENTIFIERS.has(id);
      t = seen.add(text, start, end, h);
      if (t === lastListed.length) lastListed = grown(lastListed, t + 1);
      names[t] = id;
      lastListed[t] = keyword ? NOT_AN_IDENTIFIER : generation;
      if (keyword) return;
      ids.push(id);
    }
    return ids.length < limit;
  });
  return ids;
}

/** Identifiers met so far in this thread: each one's text and the last identifiersIn call that listed it. */
const seen = new TokenTable();
const names: string[] = [];
let lastListed = new Int32Array(1 << 12);
const NOT_AN_IDENTIFIER = -1;
let seenGeneration = 0;

/**
 * Decision points and yield markers of a whole file. Walking each definition's subtree for them
 * (descendantsOfType, twice per function) was a fifth of chunking; now they come from the query walk.
 */
export interface FileMarks {
  /** startIndex of each decision point, ascending. */
  decisions: number[];
  yields: Node[];
}

/** Marks from the matches of the marks patterns (grammars.ts), found in the chunker's one query walk. */
export function fileMarks(matches: QueryMatch[], spec: LanguageSpec): FileMarks {
  const decisionTypes = new Set(spec.decisionTypes);
  const decisions: number[] = [];
  const yields: Node[] = [];
  for (const m of matches) {
    for (const c of m.captures) {
      const n = c.node;
      if (c.name.startsWith('mark.yield')) yields.push(n);
      else if (c.name === 'mark.decision') decisions.push(n.startIndex);
      // A node type named like its keyword (Ruby `if`) also matches the keyword token: count the node once.
      else if (!(decisionTypes.has(n.type) && n.parent?.isNamed && decisionTypes.has(n.parent.type))) decisions.push(n.startIndex);
    }
  }
  decisions.sort((a, b) => a - b);
  return { decisions, yields };
}

/** How many of the ascending positions fall in [from, to). */
function countIn(sorted: number[], from: number, to: number): number {
  return lowerBound(sorted, to) - lowerBound(sorted, from);
}

/** Complexity and generator-ness of a definition; subtrees of other chunks (`inner`: a class's methods) are left out. */
export function walkDefinition(node: Node, spec: LanguageSpec, marks: FileMarks, inner: Node[] = []): Walked {
  let complexity = 1 + countIn(marks.decisions, node.startIndex, node.endIndex);
  for (const n of inner) complexity -= countIn(marks.decisions, n.startIndex, n.endIndex);
  const outside = (s: number) => !inner.some((n) => s >= n.startIndex && s < n.endIndex);
  let generator = false;
  const start = node.startIndex;
  const end = node.endIndex;
  const mine = marks.yields.filter((y) => y.startIndex >= start && y.startIndex < end && outside(y.startIndex));
  if (mine.length) {
    const functions = new Set(spec.functionTypes ?? []);
    // The function a declarator or assignment holds (`const g = function* () {}`) is the definition itself.
    const own = (node.childForFieldName('value') ?? node.childForFieldName('right'))?.id ?? node.id;
    for (const y of mine) {
      let p = y.parent;
      while (p && p.id !== node.id && p.id !== own && !functions.has(p.type)) p = p.parent;
      if (!p || p.id === node.id || p.id === own) {
        generator = true;
        break;
      }
    }
  }
  return { complexity, generator };
}

export function visibilityOf(node: Node, name: string, isMember: boolean, spec: LanguageSpec): Visibility | undefined {
  return spec.visibility?.(node, name, isMember);
}
