// The rules of the judge, each with a stable code (what an editor shows as a diagnostic's code and
// what `--sarif` lists), a short title and the label prototype explaining it, if any.
import { labelPrototypes, type LabelPrototype } from './data';
import type { Confidence, Severity } from './model';

export interface Rule {
  code: string;
  title: string;
}

export const RULES: Rule[] = [
  { code: 'gd3-tool', title: 'tool keyword (Godot 4: @tool)' },
  { code: 'gd3-export', title: 'export keyword (Godot 4: @export annotations)' },
  { code: 'gd3-onready', title: 'onready keyword (Godot 4: @onready)' },
  { code: 'gd3-setget', title: 'setget (Godot 4: property set/get)' },
  { code: 'gd3-rpc-keyword', title: 'remote/master/puppet keywords (Godot 4: @rpc)' },
  { code: 'gd3-yield', title: 'yield (Godot 4: await)' },
  { code: 'gd3-connect-args', title: 'connect/disconnect with target and method name (Godot 4: Callable)' },
  { code: 'gd3-init-super', title: '_init(...).(...) parent constructor arguments (Godot 4: super())' },
  { code: 'gd3-class-icon', title: 'class_name with an icon path (Godot 4: @icon)' },
  { code: 'gd3-base-call', title: '.method() parent call (Godot 4: super.method())' },
  { code: 'gd3-instance', title: 'PackedScene.instance() (Godot 4: instantiate())' },
  { code: 'gd3-move-and-slide-args', title: 'move_and_slide with arguments (Godot 4: the velocity property)' },
  { code: 'gd3-tween-node', title: 'Tween node methods (Godot 4: create_tween())' },
  { code: 'gd3-file-api', title: 'File / Directory (Godot 4: FileAccess / DirAccess)' },
  { code: 'api-rename', title: 'API renamed in Godot 4' },
  { code: 'api-removed', title: 'API not in Godot 4' },
  { code: 'api-args', title: 'arguments that changed in Godot 4' },
  { code: 'api-shadowed', title: 'a script variable that redeclares a property the base class gained in Godot 4' },
  { code: 'project-config', title: 'project.godot of Godot 3' },
  { code: 'project-setting-rename', title: 'project setting renamed in Godot 4' },
  { code: 'input-map', title: 'input event fields renamed in Godot 4' },
  { code: 'scene-format', title: 'scene or resource file of Godot 3 (format=2)' },
  { code: 'scene-class-rename', title: 'node or resource type renamed in Godot 4' },
  { code: 'theme-override', title: 'theme override property renamed in Godot 4' },
  { code: 'shader-rename', title: 'shader built-in renamed in Godot 4' },
  { code: 'csharp-rename', title: 'C# API renamed in Godot 4' },
  { code: 'gd4-syntax', title: 'Godot 4 syntax (evidence, not a finding)' },
  { code: 'gd4-api', title: 'Godot 4 API (evidence, not a finding)' },
];

const byCode = new Map(RULES.map((r) => [r.code, r]));

export function ruleOf(code: string): Rule {
  const r = byCode.get(code);
  if (!r) throw new Error(`unknown rule ${code}`);
  return r;
}

/** Severity follows confidence: sure → error, likely → warning, possible → information. */
export function severityOf(confidence: Confidence): Severity {
  return confidence === 'high' ? 'error' : confidence === 'medium' ? 'warning' : 'information';
}

let prototypesByRule: Map<string, LabelPrototype[]> | undefined;
let prototypesByApi: Map<string, LabelPrototype> | undefined;

/** The label prototype explaining a syntax rule. */
export function prototypeOfRule(code: string): LabelPrototype | undefined {
  if (!prototypesByRule) {
    prototypesByRule = new Map();
    for (const p of labelPrototypes()) prototypesByRule.set(p.rule, [...(prototypesByRule.get(p.rule) ?? []), p]);
  }
  return prototypesByRule.get(code)?.[0];
}

/** The label prototype that names an API (`Tween.interpolate_property`, `File`, `set_cellv`), if any. */
export function prototypeOfApi(...names: string[]): LabelPrototype | undefined {
  if (!prototypesByApi) {
    prototypesByApi = new Map();
    for (const p of labelPrototypes()) {
      for (const r of p.removed ?? []) if (!prototypesByApi.has(r)) prototypesByApi.set(r, p);
      for (const a of p.apis) if (!prototypesByApi.has(a)) prototypesByApi.set(a, p);
    }
  }
  for (const n of names) {
    const p = prototypesByApi.get(n);
    if (p) return p;
  }
  return undefined;
}
