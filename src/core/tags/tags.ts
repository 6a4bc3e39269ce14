// Definitions and references of one file, from the language's tags.scm over the same parse tree
// the chunker used. Both capture conventions are read: upstream's `@name` + `@definition.function`
// and aider's `@name.definition.function`.
import type { Node, QueryMatch } from 'web-tree-sitter';
import { lastRow } from '../chunk/definitions';
import type { LoadedLanguage } from '../lang/grammars';

export interface Tag {
  name: string;
  kind: 'def' | 'ref';
  /** 1-based line of the name. */
  line: number;
  /** Last line of the definition (definitions only): scopes enclose what lies inside them. */
  end?: number;
  /**
   * What the query called it: function, class, method, call, …; `file.*` for a file another one
   * loads (file.script, file.scene, file.resource from a scene's ext_resource, file.preload,
   * file.load from a script, file for other res:// paths); `handler` for a method a signal is
   * connected to (a scene's [connection], a script's connect()).
   */
  category: string;
}

interface Role {
  kind: 'def' | 'ref';
  category: string;
  /** `@name.definition.*`: the capture is the name itself. */
  named: boolean;
}

// Per capture name, once: a regular expression per capture was a tenth of tagging.
const roles = new Map<string, Role | null>();

function roleOf(capture: string): Role | null {
  let r = roles.get(capture);
  if (r === undefined) {
    const m = capture.match(/^(?:name\.)?(definition|reference)\.(.+)$/);
    r = m ? { kind: m[1] === 'definition' ? 'def' : 'ref', category: m[2], named: capture.startsWith('name.') } : null;
    roles.set(capture, r);
  }
  return r;
}

export function extractTags(root: Node, loaded: LoadedLanguage, matches: Iterable<QueryMatch> = loaded.tags().matches(root)): Tag[] {
  const tags: Tag[] = [];
  const seen = new Set<string>();
  const push = (t: Tag) => {
    const key = `${t.kind}\u0000${t.name}\u0000${t.line}\u0000${t.category}`;
    if (seen.has(key)) return;
    seen.add(key);
    tags.push(t);
  };
  for (const match of matches) {
    let nameNode: Node | undefined;
    let role: Role | undefined;
    let roleNode: Node | undefined;
    for (const c of match.captures) {
      const r = roleOf(c.name);
      if (r) {
        role = r;
        roleNode = c.node;
        if (r.named) nameNode = c.node;
      } else if (c.name === 'name') nameNode = c.node;
    }
    if (!role || !roleNode) continue;
    // A node's type is a call into wasm: read only for the one pattern that captures no name.
    let name: string;
    if (nameNode) name = nameNode.text;
    else if (roleNode.type === 'constructor_definition') {
      nameNode = roleNode;
      name = '_init';
    } else continue;
    if (role.category.startsWith('file') || role.category === 'handler') name = name.replace(/^['"]|['"]$/g, '');
    if (!name || name.length > 200) continue;
    push({
      name,
      kind: role.kind,
      line: nameNode.startPosition.row + 1,
      end: role.kind === 'def' ? lastRow(roleNode) + 1 : undefined,
      category: role.category,
    });
  }
  // Some queries (C's) name definitions but no references: every identifier then stands in for one.
  if (!tags.some((t) => t.kind === 'ref') && tags.some((t) => t.kind === 'def')) {
    const defs = new Set(tags.map((t) => `${t.name}:${t.line}`));
    for (const n of root.descendantsOfType(loaded.spec.identifierTypes)) {
      if (!n) continue;
      const line = n.startPosition.row + 1;
      if (!defs.has(`${n.text}:${line}`)) push({ name: n.text, kind: 'ref', line, category: 'identifier' });
    }
  }
  return tags;
}

const RESOURCE_KIND: Record<string, string> = { Script: 'file.script', GDScript: 'file.script', CSharpScript: 'file.script', PackedScene: 'file.scene' };

/**
 * Godot scenes, resources and project.godot name the scripts and scenes they use as res:// paths
 * (an ext_resource says what it is); a scene's [connection] names the method a signal calls.
 */
export function textTags(source: string): Tag[] {
  const tags: Tag[] = [];
  const lines = source.split('\n');
  lines.forEach((text, i) => {
    // A data line (a mesh, a PackedByteArray) names no file.
    if (text.length > 4000) return;
    const ext = text.startsWith('[ext_resource') ? /\btype="(\w+)"/.exec(text)?.[1] : undefined;
    const category = ext ? (RESOURCE_KIND[ext] ?? 'file.resource') : 'file';
    for (const m of text.matchAll(/"\*?(res:\/\/[^"]+)"/g)) tags.push({ name: m[1], kind: 'ref', line: i + 1, category });
    const handler = text.startsWith('[connection') ? /\bmethod="(\w+)"/.exec(text)?.[1] : undefined;
    if (handler) tags.push({ name: handler, kind: 'ref', line: i + 1, category: 'handler' });
  });
  return tags;
}
