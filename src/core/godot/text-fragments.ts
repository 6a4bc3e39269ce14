// Files cut directly by lines, not parsed: project.godot into sections, scenes and resources into
// their [ext_resource]/[sub_resource]/[node]/[connection] blocks, shaders into declarations and
// functions. Each piece keeps its exact rows.
import { textSections } from '../chunk/text-chunkers';

export interface TextPiece {
  kind: string;
  name: string;
  startRow: number;
  endRow: number;
}

export function projectPieces(lines: string[]): TextPiece[] {
  return textSections('godot-project', lines).map((s) => ({ kind: s.name === '(preamble)' ? 'preamble' : 'section', name: s.name, startRow: s.startRow, endRow: s.endRow }));
}

export function resourcePieces(lines: string[]): TextPiece[] {
  return textSections('godot-resource', lines).map((s) => {
    const tag = /^\[(\w+)/.exec(lines[s.startRow])?.[1];
    return { kind: tag ?? 'preamble', name: s.name, startRow: s.startRow, endRow: s.endRow };
  });
}

/**
 * A shader: `shader_type`/`render_mode` lines and consecutive uniforms, varyings and constants
 * together, each function alone (found by brace depth, outside comments and strings).
 */
export function shaderPieces(lines: string[]): TextPiece[] {
  const out: TextPiece[] = [];
  let depth = 0;
  let inBlock = false;
  let current: TextPiece | undefined;
  lines.forEach((raw, row) => {
    let line = '';
    // Comments out, so braces in them do not count.
    for (let i = 0; i < raw.length; i++) {
      if (inBlock) {
        if (raw.startsWith('*/', i)) (inBlock = false), i++;
        continue;
      }
      if (raw.startsWith('/*', i)) (inBlock = true), i++;
      else if (raw.startsWith('//', i)) break;
      else line += raw[i];
    }
    const code = line.trim();
    if (depth === 0 && code) {
      const fn = /^(?:[\w]+\s+)+(\w+)\s*\(/.exec(code);
      const isFunction = fn && !/^(uniform|varying|const|shader_type|render_mode|struct)\b/.test(code);
      if (isFunction) {
        current = { kind: 'function', name: fn[1], startRow: row, endRow: row };
        out.push(current);
      } else if (current?.kind !== 'declarations') {
        current = { kind: 'declarations', name: /^\w+/.exec(code)?.[0] ?? '', startRow: row, endRow: row };
        out.push(current);
      }
    }
    if (current && code) current.endRow = row;
    for (const ch of line) depth += ch === '{' ? 1 : ch === '}' ? -1 : 0;
    if (depth < 0) depth = 0;
  });
  return out;
}
