// What a scene says about the scripts it attaches: the node each script sits on, and the type of
// every node below it, by the path a script would write after `$`. Read from the scene text.

export interface SceneNode {
  /** Path from the scene root ('.' for the root). */
  path: string;
  type?: string;
  /** res:// path of the attached script. */
  script?: string;
  /** res:// path of an instanced scene. */
  instance?: string;
  /** `unique_name_in_owner = true`: reachable as `%Name`. */
  unique?: boolean;
}

export interface Connection {
  signal: string;
  from: string;
  to: string;
  method: string;
  /** 1-based line of the [connection] header. */
  line: number;
}

export interface SceneFacts {
  nodes: SceneNode[];
  connections: Connection[];
  /** format=2 (Godot 3) or format=3 (Godot 4) in the [gd_scene]/[gd_resource] header. */
  format?: number;
}

const attr = (line: string, key: string) => new RegExp(`\\b${key}=(?:"([^"]*)"|([^\\s\\]]+))`).exec(line)?.slice(1).find((x) => x !== undefined);

export function sceneFacts(text: string): SceneFacts {
  const ext = new Map<string, string>();
  const nodes: SceneNode[] = [];
  const connections: Connection[] = [];
  let format: number | undefined;
  let current: SceneNode | undefined;
  text.split('\n').forEach((raw, row) => {
    const line = raw.trim();
    if (line.startsWith('[')) {
      current = undefined;
      const tag = /^\[(\w+)/.exec(line)?.[1];
      if (tag === 'gd_scene' || tag === 'gd_resource') format = Number(attr(line, 'format')) || undefined;
      else if (tag === 'ext_resource') {
        const id = attr(line, 'id');
        const p = attr(line, 'path');
        if (id && p) ext.set(id, p);
      } else if (tag === 'node') {
        const name = attr(line, 'name') ?? '';
        const parent = attr(line, 'parent');
        const path = parent === undefined ? '.' : parent === '.' ? name : `${parent}/${name}`;
        const instance = /instance=ExtResource\(\s*"?([^")\s]+)"?\s*\)/.exec(line)?.[1];
        current = { path, type: attr(line, 'type'), instance: instance ? ext.get(instance) : undefined };
        nodes.push(current);
      } else if (tag === 'connection') {
        const [signal, from, to, method] = ['signal', 'from', 'to', 'method'].map((k) => attr(line, k) ?? '');
        connections.push({ signal, from, to, method, line: row + 1 });
      }
      return;
    }
    if (current && /^unique_name_in_owner\s*=\s*true/.test(line)) current.unique = true;
    const script = /^script\s*=\s*ExtResource\(\s*"?([^")\s]+)"?\s*\)/.exec(line)?.[1];
    if (current && script) current.script = ext.get(script);
  });
  return { nodes, connections, format };
}

/** Node types below the node at `owner`, keyed by the path a script on `owner` writes after `$`. */
export function nodeTypesBelow(facts: SceneFacts, owner: string): Map<string, string> {
  const out = new Map<string, string>();
  const prefix = owner === '.' ? '' : `${owner}/`;
  for (const n of facts.nodes) {
    if (n.path === owner || !n.type) continue;
    if (owner === '.' || n.path.startsWith(prefix)) out.set(owner === '.' ? n.path : n.path.slice(prefix.length), n.type);
    if (n.unique) out.set(`%${n.path.slice(n.path.lastIndexOf('/') + 1)}`, n.type);
  }
  return out;
}
