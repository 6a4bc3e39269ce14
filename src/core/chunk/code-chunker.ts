// Stage 3 of code chunking: Definitions → Chunks. Functions and methods whole (decorators and
// leading doc comment included), classes as summaries, module constants, declarations (GDScript
// vars grouped). Functions nested in functions stay inside their parent's chunk.
import type { Node, QueryMatch } from 'web-tree-sitter';
import type { LanguageSpec } from '../lang/spec';
import type { Chunk, ChunkKind } from '../base/types';
import { type Definition, findDefinitions, lastRow } from './definitions';
import {
  bodyOf, decoratorsOf, docstringOf, identifiersIn, isAsync, parametersOf, returnTypeOf, signatureOf,
  type FileMarks, visibilityOf, walkDefinition,
} from './metadata';
import { type Part, type Segment, type TokenCounter, packSegments, segmentsAt } from './split';
import { SourceLines } from './lines';
import { finishChunk } from './title';
import { uncoveredRuns } from './uncovered';
import { type ModuleHeader, moduleHeader } from './module-doc';

export interface CodeChunkOptions {
  maxTokens: number;
  countTokens: TokenCounter;
}

interface Draft {
  def: Definition;
  kind: ChunkKind;
  name: string;
  qualifiedName: string;
  startRow: number;
  endRow: number;
  text: string;
  /** For splitting: segments covering the draft, and the context repeated in each part. */
  segments: () => Segment[];
  context: string;
  meta: Partial<Chunk>;
}

function keep(d: Definition): boolean {
  if (d.kind === 'scope') return false;
  for (let p = d.parent; p; p = p.parent) {
    if (p.kind === 'function' || p.kind === 'method' || p.kind === 'constant' || p.kind === 'declaration') return false;
    // Fields and constants inside a class belong to its summary.
    if (p.kind === 'class' && (d.kind === 'constant' || d.kind === 'declaration')) return false;
  }
  return true;
}

export function chunkCode(
  root: Node,
  matches: Iterable<QueryMatch>,
  spec: LanguageSpec,
  path: string,
  source: string,
  opts: CodeChunkOptions,
  marks: FileMarks,
): Chunk[] {
  const lines = new SourceLines(source);
  const all = findDefinitions(matches, spec);
  const header = moduleHeader(root, spec);
  const moduleDoc = header.doc;
  detachHeader(all, header, lines, spec);
  const kept = all.filter(keep);
  const children = new Map<Definition, Definition[]>();
  for (const d of kept) {
    if (!d.parent) continue;
    const list = children.get(d.parent);
    if (list) list.push(d);
    else children.set(d.parent, [d]);
  }
  const drafts: Draft[] = [];
  for (const def of kept) {
    const last = drafts[drafts.length - 1];
    if (def.group && last?.def.group && last.def.parent === def.parent && adjacent(last, def, spec)) {
      extendGroup(last, def, lines);
      continue;
    }
    drafts.push(draftOf(def, children.get(def) ?? [], source, lines, spec, marks, def.startRow > header.endRow ? header.endRow : -1));
  }
  ownTextOnSharedLines(drafts, source);
  const chunks: Chunk[] = [];
  for (const d of drafts) {
    const parts =
      opts.countTokens(d.text) > opts.maxTokens
        ? packSegments(d.segments(), d.context, opts.maxTokens, opts.countTokens)
        : [{ startRow: d.startRow, endRow: d.endRow, text: d.text }];
    parts.forEach((p: Part, i) => {
      // Metadata assigned onto the literal, not spread under it: V8 adds properties to a spread
      // copy through a slow path (about 1 µs each, a seventh of chunking).
      const draft = Object.assign(
        {
          path,
          language: spec.id,
          kind: d.kind,
          name: d.name,
          qualifiedName: d.qualifiedName,
          startLine: p.startRow + 1,
          endLine: p.endRow + 1,
          text: p.text,
          part: parts.length > 1 ? { index: i + 1, count: parts.length } : undefined,
        },
        d.meta,
      );
      draft.references = without(identifiersIn(p.text), d.meta.defines);
      chunks.push(finishChunk(draft, moduleDoc, [d.startRow + 1, d.endRow + 1]));
    });
  }
  const scopes = new Set<number>();
  // Scopes (namespace, impl, mod) are scaffold; an object literal's `module.exports = {` is code.
  for (const d of all) if (d.kind === 'scope' && d.node.type !== 'object') scopes.add(d.node.id).add(d.outer.id);
  for (const [a, b] of uncoveredRuns(root, drafts.map((d) => [d.startRow, d.endRow]), header.docRows, scopes)) {
    const text = lines.join(a, b);
    // Closing brackets or `end` alone (after a helper function) say nothing.
    if (!WORD.test(text.replace(END, ''))) continue;
    const parts =
      opts.countTokens(text) > opts.maxTokens
        ? packSegments(segmentsAt(lines, a, b, []), '', opts.maxTokens, opts.countTokens)
        : [{ startRow: a, endRow: b, text }];
    parts.forEach((p: Part, i) =>
      chunks.push(
        finishChunk({
          path, language: spec.id, kind: 'window', name: 'top-level code', qualifiedName: 'top-level code',
          startLine: p.startRow + 1, endLine: p.endRow + 1, text: p.text,
          part: parts.length > 1 ? { index: i + 1, count: parts.length } : undefined,
          references: identifiersIn(p.text),
        }, moduleDoc, [a + 1, b + 1]),
      ),
    );
  }
  return chunks.sort((x, y) => x.startLine - y.startLine || y.endLine - x.endLine);
}

const WORD = /[\p{L}\p{N}_$]/u;
const END = /\bend\b/g;

/**
 * The file's doc comment across blank lines (`/** Legacy utilities. *\/` after `'use strict'`) or
 * under a shebang is not the first definition's; GDScript's `extends X` is alone (issue 2), not
 * with the file comment or `@tool` above it.
 */
function detachHeader(all: Definition[], header: ModuleHeader, lines: SourceLines, spec: LanguageSpec): void {
  for (const d of all) {
    if (d.startRow > header.endRow) {
      if (spec.id === 'gdscript' && d.kind === 'declaration' && d.startRow < d.node.startPosition.row && d.node.type === 'extends_statement') d.startRow = d.node.startPosition.row;
      continue;
    }
    const row = d.outer.startPosition.row;
    if (row <= header.endRow || (!header.afterShebang && row === header.endRow + 1 && spec.id !== 'gdscript')) continue;
    let start = header.endRow + 1;
    while (start < row && !/\S/.test(lines.at(start) ?? '')) start++;
    d.startRow = start;
    if (d.kind === 'declaration' && d.node.type === 'extends_statement') d.startRow = row;
  }
}

/**
 * Definitions sharing a line (a one-line file of many small functions): each chunk's text is its
 * own source range rather than the whole line, which would be repeated in every chunk.
 */
function ownTextOnSharedLines(drafts: Draft[], source: string): void {
  const touching = new Map<number, number>();
  let touches = 0;
  const touch = (row: number) => {
    touching.set(row, (touching.get(row) ?? 0) + 1);
    touches++;
  };
  for (const d of drafts) {
    touch(d.startRow);
    if (d.endRow !== d.startRow) touch(d.endRow);
  }
  // Every definition on lines of its own: the usual file.
  if (touching.size === touches) return;
  for (const d of drafts) {
    // Over several lines its rows are its own enough.
    if (d.startRow !== d.endRow || touching.get(d.startRow)! < 2) continue;
    const outer = d.def.outer;
    const text = source.slice(outer.startIndex, outer.endIndex);
    const startRow = d.startRow;
    const endRow = d.endRow;
    d.text = text;
    d.segments = () => [{ startRow, endRow, text }];
    if (d.kind !== 'function' && d.kind !== 'method') d.context = d.meta.signature = firstLine(text.slice(0, 300).split('\n')[0]);
  }
}

function without(ids: string[], defined: string[] | undefined): string[] {
  if (!defined?.length) return ids;
  const set = new Set(defined);
  return ids.filter((id) => !set.has(id));
}

function adjacent(group: Draft, def: Definition, spec: LanguageSpec): boolean {
  let prev = def.outer.previousNamedSibling;
  while (prev && spec.commentTypes.includes(prev.type)) prev = prev.previousNamedSibling;
  return !!prev && lastRow(prev) === group.endRow;
}

function extendGroup(group: Draft, def: Definition, lines: SourceLines): void {
  group.endRow = def.endRow;
  group.text = lines.join(group.startRow, group.endRow);
  group.name = `${group.name}, ${def.name}`;
  group.qualifiedName = group.name;
  group.meta.defines = [...(group.meta.defines ?? []), def.name];
  const startRow = group.startRow;
  const endRow = group.endRow;
  group.segments = () => segmentsAt(lines, startRow, endRow, []);
}

function draftOf(
  def: Definition,
  members: Definition[],
  source: string,
  lines: SourceLines,
  spec: LanguageSpec,
  marks: FileMarks,
  headerEnd: number,
): Draft {
  const node = def.node;
  const outer = def.outer;
  const body = bodyOfDefinition(def, spec);
  const isMember = !!def.parent && def.parent.kind === 'class';
  let kind: ChunkKind = def.kind === 'scope' ? 'declaration' : def.kind;
  if (kind === 'function' && !def.parent && def.qualifiedName.includes('.')) kind = 'method';
  const inner = members.map((k) => k.node);
  const walked = kind === 'function' || kind === 'method' ? walkDefinition(node, spec, marks, inner) : { complexity: 1, generator: false };
  const defines = def.names ? [...def.names] : [def.name];
  const meta: Partial<Chunk> = {
    decorators: decoratorsOf(outer, node, spec),
    docstring: docstringOf(outer, node, spec, body, headerEnd),
    visibility: visibilityOf(node, def.name, isMember, spec),
    defines,
    references: [],
  };
  const text = lines.join(def.startRow, def.endRow);
  if (kind === 'function' || kind === 'method') {
    const signature = signatureOfDefinition(def, source, spec);
    Object.assign(meta, {
      signature,
      parameters: parametersOf(node, spec),
      returnType: returnTypeOf(node, spec),
      async: isAsync(node),
      generator: walked.generator || /generator/.test(node.type) || /^\s*(async\s+)?\*/.test(signature),
      complexity: walked.complexity,
    });
    return {
      def, kind, name: def.name, qualifiedName: def.qualifiedName,
      startRow: def.startRow, endRow: def.endRow, text, meta,
      context: signature,
      // Only an oversized definition is cut, at its body's statements: read them then.
      segments: () => segmentsAt(lines, def.startRow, def.endRow, body ? statementsOf(body).map((c) => c!.startPosition.row) : []),
    };
  }
  if (kind === 'class') return classDraft(def, members, source, lines, spec, meta);
  meta.signature = firstLine(lines.at(node.startPosition.row));
  return {
    def, kind, name: def.name, qualifiedName: def.qualifiedName,
    startRow: def.startRow, endRow: def.endRow, text, meta,
    context: meta.signature,
    segments: () => segmentsAt(lines, def.startRow, def.endRow, childRows(node)),
  };
}

// A class summary reads each member's body and signature, and the member's own draft reads them again.
function bodyOfDefinition(def: Definition, spec: LanguageSpec): Node | null {
  if (def.body === undefined) def.body = bodyOf(def.node, spec);
  return def.body;
}

function signatureOfDefinition(def: Definition, source: string, spec: LanguageSpec): string {
  def.signature ??= signatureOf(def.node, source, spec, bodyOfDefinition(def, spec));
  return def.signature;
}

/** A body's statements; tree-sitter-go wraps a block's statements in one `statement_list`. */
function statementsOf(body: Node): (Node | null)[] {
  const children = body.namedChildren;
  return children.length === 1 && children[0]?.type === 'statement_list' ? children[0].namedChildren : children;
}

function firstLine(line: string | undefined): string {
  return (line ?? '').trim().slice(0, 300);
}

function childRows(node: Node): number[] {
  const rows: number[] = [];
  const visit = (n: Node, depth: number) => {
    for (const c of n.namedChildren) {
      if (!c) continue;
      rows.push(c.startPosition.row);
      if (depth < 2 && c.startPosition.row === n.startPosition.row) visit(c, depth + 1);
    }
  };
  visit(node, 0);
  return rows;
}

interface SummaryLine {
  row: number;
  text: string;
}

/**
 * A class as its outline: header, docstring, fields, one signature line per method (no bodies),
 * nested classes by their header. The range is the whole class.
 */
function classDraft(
  def: Definition,
  members: Definition[],
  source: string,
  lines: SourceLines,
  spec: LanguageSpec,
  meta: Partial<Chunk>,
): Draft {
  const body = bodyOfDefinition(def, spec);
  const summary: SummaryLine[] = [];
  const memberByOuter = new Map<number, Definition>();
  for (const m of members) memberByOuter.set(m.outer.id, m);
  const pushRows = (from: number, to: number) => {
    for (let r = from; r <= to; r++) summary.push({ row: r, text: lines.at(r)! });
  };
  if (!body) pushRows(def.startRow, def.endRow);
  else {
    const bodyRow = body.startPosition.row;
    const bodyInline = /\S/.test((lines.at(bodyRow) ?? '').slice(0, body.startPosition.column));
    pushRows(def.startRow, bodyInline ? bodyRow : bodyRow - 1);
    const attached = new Set([...(spec.attachedTypes ?? []), 'decorator']);
    const containers = spec.memberContainers ?? [];
    // Recursive: Ruby `class << self` holds a body_statement that holds the class methods.
    const flatten = (c: Node | null): (Node | null)[] => (c && containers.includes(c.type) ? c.namedChildren.flatMap(flatten) : [c]);
    const bodyChildren = body.namedChildren.flatMap(flatten);
    for (const child of bodyChildren) {
      if (!child || spec.commentTypes.includes(child.type) || attached.has(child.type)) continue;
      const member = memberByOuter.get(child.id) ?? memberByOuter.get(innerDefinition(child, spec)?.id ?? -1);
      const row = child.startPosition.row;
      if (row < def.startRow || (bodyInline && row === bodyRow && !member)) continue;
      if (member) {
        const indent = (lines.at(member.node.startPosition.row) ?? '').match(/^\s*/)![0];
        const sig = signatureOfDefinition(member, source, spec);
        if (member.kind === 'class') summary.push({ row: member.node.startPosition.row, text: indent + sig });
        else summary.push({ row: member.node.startPosition.row, text: indent + (spec.memberStub?.(sig) ?? (bodyOfDefinition(member, spec) ? stubbed(sig) : sig)) });
        (meta.defines as string[]).push(member.name);
      } else {
        // Several members on one line (`RED, GREEN,`): the line is in the summary once.
        if (summary.length && summary[summary.length - 1].row >= row) continue;
        const end = lastRow(child);
        if (end - row <= 2 || child.type === 'expression_statement' && child.namedChildren[0]?.type === 'string') pushRows(row, end);
        else summary.push({ row, text: `${lines.at(row)} …` });
      }
    }
    // The class's own closing line (`}`, `end`), not the last line of its last member: a Python
    // class ends where its last method does, often on a `)` that closes a call in that body.
    const closing = (lines.at(def.endRow) ?? '').trim();
    const membersEnd = Math.max(-1, ...bodyChildren.map((c) => (c ? lastRow(c) : -1)));
    if (def.endRow > (summary[summary.length - 1]?.row ?? def.endRow) && def.endRow > membersEnd && /^[})\]];?$|^end$/.test(closing)) {
      summary.push({ row: def.endRow, text: lines.at(def.endRow)! });
    }
  }
  const signature = signatureOfDefinition(def, source, spec);
  meta.signature = signature;
  const text = summary.map((l) => l.text).join('\n');
  return {
    def, kind: 'class', name: def.name, qualifiedName: def.qualifiedName,
    startRow: def.startRow, endRow: def.endRow, text, meta, context: signature,
    segments: () => summaryToSegments(summary, def.endRow),
  };
}

/** Summary lines → segments whose row ranges cover the class contiguously. */
function summaryToSegments(summary: SummaryLine[], endRow: number): Segment[] {
  return summary.map((l, i) => ({
    startRow: l.row,
    endRow: i + 1 < summary.length ? Math.max(l.row, summary[i + 1].row - 1) : endRow,
    text: l.text,
  }));
}

function innerDefinition(child: Node, spec: LanguageSpec): Node | undefined {
  if (!(spec.wrapperTypes ?? []).includes(child.type)) return undefined;
  return child.namedChildren.find((c) => c && !['decorator', ...spec.commentTypes].includes(c.type)) ?? undefined;
}

function stubbed(signature: string): string {
  if (/[:]$/.test(signature)) return `${signature} ...`;
  if (/[;}]$/.test(signature)) return signature;
  return `${signature} { … }`;
}
