// Which way a file goes: GDScript to the parser, project.godot to sections, scenes and resources to
// blocks, shaders and C# when present. Documentation is left out of source analysis and said so;
// anything else is not part of a Godot migration.
import type { Exclusion, Route } from './model';
import { isDocumentation } from '../lang/registry';

export const DOCUMENTATION_EXCLUDED = 'documentation is excluded by default in source analysis';

export function routeOf(path: string): Route | Exclusion {
  const base = path.slice(path.lastIndexOf('/') + 1);
  const ext = base.includes('.') ? base.slice(base.lastIndexOf('.')).toLowerCase() : '';
  if (ext === '.gd') return 'gdscript';
  if (base === 'project.godot' || base === 'engine.cfg') return 'project';
  if (ext === '.tscn' || ext === '.tres' || ext === '.escn') return 'resource';
  if (ext === '.gdshader' || ext === '.shader' || ext === '.gdshaderinc') return 'shader';
  if (ext === '.cs') return 'csharp';
  if (isDocumentation(path) || ext === '.md') return { path, reason: DOCUMENTATION_EXCLUDED };
  return { path, reason: 'not a Godot source (scripts, scenes, resources, shaders, project.godot)' };
}

export function isRoute(r: Route | Exclusion): r is Route {
  return typeof r === 'string';
}
