// The module's own doc: its docstring (Python) or the comment block opening the file, after a
// shebang, `'use strict'`, licence headers and tool pragmas. It is not a chunk: its first line is
// context in every chunk's title. Right above the first definition (no blank line) it documents
// that definition too; across blank lines, or under a shebang, it is the file's alone.
import type { Node } from 'web-tree-sitter';
import type { LanguageSpec } from '../lang/spec';
import { lastRow } from './definitions';
import { stripCommentMarkers } from './metadata';

export interface ModuleHeader {
  /** First meaningful line of the module doc. */
  doc: string | undefined;
  /** Rows of the module docstring: never chunk text. */
  docRows: Set<number>;
  /** Last row of the module doc (docstring or comment block); -1 without one. */
  endRow: number;
  /** The doc comment follows a shebang: it describes the script, not the definition right below it. */
  afterShebang: boolean;
}

// A licence header, a build constraint or a magic comment says nothing about the file: the next block may.
const LICENCE = /^(copyright\b|\(c\)|@license|spdx-license|licensed (to|under)\b|go:build|\+build|frozen_string_literal:|encoding:|typed:)/i;
// A tool pragma is one comment of its own: the block after it may be the doc.
const PRAGMA = /^(-\*-|vim?:|coding[:=]|eslint|@ts-|jshint|jscs:|prettier-ignore|istanbul |c8 |@flow|@jsx|global |globals |exported |tslint:|@format|@noflow|@preserve|pylint:|mypy:|type:\s*ignore|noqa|flake8|fmt:)/i;

function firstLineOf(block: string): string | undefined {
  return stripCommentMarkers(block).split('\n').map((l) => l.trim()).find((l) => l && !/^[-=*#_~/]{3,}$/.test(l));
}

export function moduleHeader(root: Node, spec: LanguageSpec): ModuleHeader {
  const comments = spec.commentTypes;
  const kids = root.namedChildren;
  let comment: { text: string; end: number } | undefined;
  let afterShebang = false;
  let i = 0;
  while (i < kids.length) {
    const k = kids[i]!;
    const type = k.type;
    if (type === 'hash_bang_line' || (i === 0 && comments.includes(type) && k.startIndex === 0 && k.text.startsWith('#!'))) {
      afterShebang = lastRow(k) + 1 === kids[i + 1]?.startPosition.row;
      i++;
      continue;
    }
    // A directive prologue (`'use strict';`) before the header comment; in Python a string is the docstring.
    if (spec.docstring !== 'body-string' && type === 'expression_statement' && k.namedChildCount === 1 && k.firstNamedChild?.type === 'string') {
      i++;
      continue;
    }
    if (!comments.includes(type)) break;
    const text = k.text;
    const first = firstLineOf(text);
    if (!first || PRAGMA.test(first)) {
      i++;
      continue;
    }
    // The comment block: this comment and those on the rows right below it.
    const parts = [text];
    let end = lastRow(k);
    let j = i + 1;
    for (; j < kids.length && comments.includes(kids[j]!.type) && kids[j]!.startPosition.row <= end + 1; j++) {
      parts.push(kids[j]!.text);
      end = lastRow(kids[j]!);
    }
    i = j;
    if (LICENCE.test(first)) continue;
    comment = { text: parts.join('\n'), end };
    // Python: a docstring after the leading comments is the module doc, the comment is not.
    if (spec.docstring !== 'body-string') break;
    while (i < kids.length && comments.includes(kids[i]!.type)) i++;
    break;
  }
  const docRows = new Set<number>();
  const next = kids[i];
  if (spec.docstring === 'body-string' && next?.type === 'expression_statement' && next.namedChildCount === 1 && next.firstNamedChild?.type === 'string') {
    const end = lastRow(next);
    for (let r = next.startPosition.row; r <= end; r++) docRows.add(r);
    const text = next.firstNamedChild.text.replace(/^[rRuUbB]*("""|'''|"|')/, '');
    return { doc: docLine(text), docRows, endRow: end, afterShebang: false };
  }
  if (comment) return { doc: docLine(comment.text), docRows, endRow: comment.end, afterShebang };
  return { doc: undefined, docRows, endRow: -1, afterShebang: false };
}

function docLine(text: string): string | undefined {
  for (const raw of stripCommentMarkers(text).split('\n')) {
    // `"""\` continues the string on the next line.
    const line = raw.replace(/("""|'''|"|')$/, '').replace(/^\\$/, '').trim();
    if (!line || /^(copyright|\(c\)|@license|spdx|eslint|@ts-|jshint|-\*-|vim:|use strict|type:|coding[:=])/i.test(line)) continue;
    if (/^[-=*#_~]{3,}$/.test(line)) continue;
    return line.slice(0, 120);
  }
  return undefined;
}
