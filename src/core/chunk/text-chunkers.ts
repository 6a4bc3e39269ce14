// Files that are cut, not parsed: Godot project and scene files, config formats, Markdown, and a
// line-window fallback for everything else. Every fragment keeps its exact line range.
import type { TextFormat } from '../lang/registry';

/** A section before it becomes a chunk: 0-based inclusive rows and a name. */
export interface Section {
  name: string;
  startRow: number;
  endRow: number;
}

export const WINDOW_LINES = 40;

export function lineWindows(lines: string[], size = WINDOW_LINES): Section[] {
  const out: Section[] = [];
  for (let r = 0; r < lines.length; r += size) {
    out.push({ name: '', startRow: r, endRow: Math.min(lines.length - 1, r + size - 1) });
  }
  // Named after trimming: a window's name is the range it ends up with (a final newline leaves
  // an empty last row that trimming drops).
  return trimSections(lines, out).map((s) => ({ ...s, name: `lines ${s.startRow + 1}-${s.endRow + 1}` }));
}

/** Cuts at each row for which `header` returns a name; rows before the first header are a preamble. */
function cutAt(lines: string[], header: (line: string, row: number) => string | undefined, preamble: string): Section[] {
  const out: Section[] = [];
  let current: Section | undefined;
  lines.forEach((line, row) => {
    const name = header(line, row);
    if (name !== undefined) {
      if (current) current.endRow = row - 1;
      else if (row > 0) out.push({ name: preamble, startRow: 0, endRow: row - 1 });
      current = { name, startRow: row, endRow: lines.length - 1 };
      out.push(current);
    }
  });
  if (!out.length) out.push({ name: preamble, startRow: 0, endRow: lines.length - 1 });
  return trimSections(lines, out);
}

/** Drops blank edges and sections with no text left. */
function trimSections(lines: string[], sections: Section[]): Section[] {
  const out: Section[] = [];
  for (const s of sections) {
    let { startRow, endRow } = s;
    while (startRow <= endRow && !lines[startRow]?.trim()) startRow++;
    while (endRow >= startRow && !lines[endRow]?.trim()) endRow--;
    if (startRow <= endRow) out.push({ ...s, startRow, endRow });
  }
  return out;
}

function attr(line: string, key: string): string | undefined {
  return line.match(new RegExp(`\\b${key}="([^"]*)"`))?.[1];
}

/** `[node name="Player" type="Area2D" parent="."]` → `./Player`; ext_resource → its res:// path. */
function godotResourceHeader(line: string): string | undefined {
  const m = line.match(/^\[(\w+)/);
  if (!m) return undefined;
  const tag = m[1];
  if (tag === 'node') {
    const name = attr(line, 'name') ?? '?';
    const parent = attr(line, 'parent');
    return parent === undefined ? `node ${name}` : `node ${parent === '.' ? '' : parent + '/'}${name}`;
  }
  if (tag === 'ext_resource') return `ext_resource ${attr(line, 'path') ?? attr(line, 'id') ?? ''}`.trim();
  if (tag === 'sub_resource') return `sub_resource ${attr(line, 'type') ?? ''} ${attr(line, 'id') ?? ''}`.trim();
  if (tag === 'connection') return `connection ${attr(line, 'signal') ?? ''} ${attr(line, 'from') ?? ''}→${attr(line, 'to') ?? ''}`;
  return tag;
}

/** Top-level keys of a JSON object, found by a scan that tracks strings and nesting depth. */
function jsonSections(lines: string[]): Section[] {
  const text = lines.join('\n');
  const out: Section[] = [];
  let depth = 0;
  let row = 0;
  let inString = false;
  let stringStart = 0;
  let lastString = '';
  let lastStringRow = 0;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (ch === '\n') row++;
    if (inString) {
      if (ch === '\\') i++;
      else if (ch === '"') {
        inString = false;
        lastString = text.slice(stringStart + 1, i);
      }
      continue;
    }
    if (ch === '"') {
      inString = true;
      stringStart = i;
      lastStringRow = row;
    } else if (ch === '{' || ch === '[') depth++;
    else if (ch === '}' || ch === ']') depth--;
    else if (ch === ':' && depth === 1) {
      if (out.length) out[out.length - 1].endRow = lastStringRow - 1;
      out.push({ name: lastString, startRow: lastStringRow, endRow: lines.length - 1 });
    }
  }
  if (!out.length) return lineWindows(lines);
  return trimSections(lines, out);
}

function markdownSections(lines: string[]): Section[] {
  let fence = false;
  return cutAt(lines, (line) => {
    if (/^\s*(```|~~~)/.test(line)) fence = !fence;
    if (fence) return undefined;
    const m = line.match(/^(#{1,3})\s+(.*?)\s*#*\s*$/);
    return m ? m[2] : undefined;
  }, '(preamble)');
}

/**
 * Rows where a key of a Godot project, scene or resource file starts (`move_right={`, `script = …`)
 * outside any value: a section too long for one chunk is split only there, so a multi-line value
 * (an input action and its events, a `_data = {…}` dictionary) stays in one piece.
 */
export function keyRows(format: TextFormat, lines: string[]): number[] {
  if (format !== 'godot-project' && format !== 'godot-resource') return [];
  const rows: number[] = [];
  let depth = 0;
  let inString = false;
  lines.forEach((line, row) => {
    if (depth === 0 && !inString && /^[A-Za-z_][\w./:-]*\s*=/.test(line)) rows.push(row);
    for (let i = 0; i < line.length; i++) {
      const c = line.charCodeAt(i);
      if (inString) {
        if (c === 92 /* \ */) i++;
        else if (c === 34 /* " */) inString = false;
      } else if (c === 34) inString = true;
      else if (c === 123 || c === 91 || c === 40) depth++;
      else if ((c === 125 || c === 93 || c === 41) && depth > 0) depth--;
    }
  });
  return rows;
}

export function textSections(format: TextFormat, lines: string[]): Section[] {
  switch (format) {
    case 'godot-project':
    case 'ini':
      return cutAt(lines, (l) => l.match(/^\s*\[([^\]]+)\]\s*$/)?.[1], '(preamble)');
    case 'godot-resource':
      return cutAt(lines, (l) => (l.startsWith('[') ? godotResourceHeader(l) : undefined), '(preamble)');
    case 'toml':
      return cutAt(lines, (l) => l.match(/^\s*\[\[?([^\]]+)\]\]?\s*(#.*)?$/)?.[1], '(top-level keys)');
    case 'yaml':
      return cutAt(lines, (l) => (l === '---' ? '---' : l.match(/^([A-Za-z_"'][^:#]*?)\s*:(\s|$)/)?.[1]), '(preamble)');
    case 'json':
      return jsonSections(lines);
    case 'markdown':
      return markdownSections(lines);
    default:
      return lineWindows(lines);
  }
}
