// The domain of the Godot 3 → 4 migration analysis, as plain data: what goes in (source files),
// what it is cut into (fragments), what is searched with (hints), what comes back (candidates),
// what is decided (judgments, verdicts) and what the user sees (findings with their fixes).
// Plain data only: it crosses processes (the resumable state file, the CLI's JSON, MCP, LSP).

/** One file of the project: its workspace-relative path and its text as on disk. */
export interface SourceFile {
  path: string;
  text: string;
}

/** How a file is cut and judged. */
export type Route = 'gdscript' | 'project' | 'resource' | 'shader' | 'csharp';

/** A file the analysis leaves out, and why (shown, so the user can check what was skipped). */
export interface Exclusion {
  path: string;
  reason: string;
}

/** A piece of one file as the analysis sees it; lines are 1-based and inclusive, as in the file. */
export interface MigrationFragment {
  path: string;
  route: Route;
  /** extends, tool, class_name, signal, declarations, function, class, section, node, ext_resource… */
  kind: string;
  name: string;
  startLine: number;
  endLine: number;
  text: string;
  /** Identity for resuming: a hash of the route and the text, never of the path. */
  key: string;
}

export type HintKind =
  | 'call' // a qualified or bare call: Input.is_action_pressed, move_and_slide
  | 'member' // a qualified member: Vector2.ZERO, position.clamp
  | 'class' // a class name: KinematicBody2D
  | 'shape' // a call with its arguments: move_and_slide(velocity, Vector2.UP)
  | 'keyword' // yield, await, setget, tool, remote…
  | 'annotation' // @export, @onready, @rpc…
  | 'signal' // a signal connection: connect("hit", self, "_on_hit")
  | 'node' // a node named in a path: $AnimatedSprite2D (search material, never API evidence)
  | 'declaration' // a name the fragment declares
  | 'setting' // a project setting or scene property key
  | 'term'; // Godot 3, Godot 4, migration

/** A search term taken from a fragment's text (never from its path), with its 1-based line. */
export interface Hint {
  kind: HintKind;
  text: string;
  line?: number;
}

export type Table = 'api_mapping' | 'label_prototypes' | 'docs_chunks';

/** A row of one of the three tables that the retriever found for a fragment: evidence, not an answer. */
export interface Candidate {
  table: Table;
  id: string;
  title: string;
  score: number;
}

/** 1-based lines and columns (UTF-16 code units, as SARIF counts); the end column is exclusive. */
export interface Span {
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
}

/** A safe edit: replace the span with the text. */
export interface Edit extends Span {
  text: string;
}

export type Confidence = 'high' | 'medium' | 'low';
export type Severity = 'error' | 'warning' | 'information';

/** One observation of the judge: a usage that belongs to one version. */
export interface Evidence extends Span {
  version: 'godot3' | 'godot4';
  rule: string;
  confidence: Confidence;
  /** What was seen, e.g. `yield(…, "timeout")`, `KinematicBody2D`. */
  what: string;
  /** The Godot 4 form, for Godot 3 evidence. */
  godot4?: string;
  /** Candidate ids (table rows) backing this evidence. */
  support: string[];
  /** Only for edits the judge is sure of. */
  replacement?: Edit;
  /** The class-reference entry, e.g. https://docs.godotengine.org/en/stable/classes/class_characterbody2d.html */
  link?: string;
  message: string;
}

export type FragmentVerdict = 'godot3' | 'godot4' | 'neutral';

export interface Judgment {
  verdict: FragmentVerdict;
  evidence: Evidence[];
  /** 'rules': the deterministic judge alone; 'llm': a language model re-validated its evidence. */
  by: 'rules' | 'llm';
  /** The model's explanation, when one was asked. */
  explanation?: string;
  /** The model that re-validated it, by name, when the caller knows it. */
  model?: string;
}

/** A Godot 3 usage to migrate, as an editor or a CI shows it. */
export interface Finding extends Span {
  path: string;
  rule: string;
  severity: Severity;
  confidence: Confidence;
  message: string;
  godot4?: string;
  replacement?: Edit;
  link?: string;
  /** The key of the fragment it was found in. */
  fragment: string;
}

export type ProjectVerdictKind = 'godot3' | 'godot4' | 'mixed' | 'unknown';

export interface ProjectVerdict {
  verdict: ProjectVerdictKind;
  /** Fragments per verdict. */
  counts: Record<FragmentVerdict, number>;
  /** project.godot's config_version / config/features, when present. */
  config?: { version: 'godot3' | 'godot4'; what: string };
  /** The strongest evidence for each side (a few). */
  strongest: { godot3: Evidence[]; godot4: Evidence[] };
  /** Why this verdict, in one sentence. */
  reason: string;
}
