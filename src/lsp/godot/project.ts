// One Godot project as the server keeps it: its sources' text (disk, and the editor's unsaved
// buffers over it), and the analysis of that text. Runs are serialized and coalesced: edits
// arriving during a run make one more run after it, never two at once (they share a state file).
import * as crypto from 'node:crypto';
import * as path from 'node:path';
import { analyzeProject, type AnalysisResult, defaultIndexDir, type GodotProject, ModelAnswers, modelKey, refineResult, type SourceFile } from '../../core/service/api';

/** Gives the thread back to LSP messages about every 15 ms of judging. */
function yielder(): () => Promise<void> | undefined {
  let since = performance.now();
  return () => {
    if (performance.now() - since < 15) return undefined;
    return new Promise<void>((resolve) =>
      setImmediate(() => {
        since = performance.now();
        resolve();
      }),
    );
  };
}

export class ProjectAnalysis {
  /** The project's folder, absolute. */
  readonly root: string;
  readonly statePath: string;
  readonly hasProjectFile: boolean;
  /** Text on disk by path relative to the project. */
  private readonly disk = new Map<string, string>();
  /** Unsaved editor text by relative path, with the document version. */
  private readonly open = new Map<string, { text: string; version: number }>();
  /** The last finished analysis and the document versions it saw. */
  result?: AnalysisResult;
  analyzedVersions = new Map<string, number>();
  private running?: Promise<AnalysisResult>;
  private again = false;
  /** The model pass's answers (its own resumable file beside the judge's). */
  readonly answers: ModelAnswers;
  /** Whether the model pass's answers count (`coderag.godot.languageModel`); the feature sets it. */
  modelOn = false;
  private answersVersion = 0;
  private viewed?: { of: AnalysisResult; version: number; on: boolean; view: AnalysisResult };

  constructor(
    readonly folder: string,
    project: GodotProject,
  ) {
    this.root = path.join(folder, project.dir);
    this.hasProjectFile = project.hasProjectFile;
    for (const f of project.files) this.disk.set(f.path, f.text);
    // Beside the index, one file per project: the editor's runs leave out retrieval (the debug view
    // retrieves for the fragment it shows), so they do not share the CLI's state file.
    const slug = project.dir ? project.dir.replace(/[^A-Za-z0-9._-]+/g, '_') : 'root';
    const hash = crypto.createHash('sha1').update(project.dir).digest('hex').slice(0, 8);
    this.statePath = path.join(defaultIndexDir(folder), 'godot', `${slug}-${hash}.jsonl`);
    this.answers = new ModelAnswers(path.join(defaultIndexDir(folder), 'godot', `${slug}-${hash}-lm.jsonl`));
  }

  isOpen(rel: string): boolean {
    return this.open.has(rel);
  }

  /** Call after the answers changed: the refined view is built again. */
  answered(): void {
    this.answersVersion++;
  }

  /** A result as the user sees it: refined by the model's answers while the model pass is on. */
  view(result: AnalysisResult): AnalysisResult {
    const v = this.viewed;
    if (v && v.of === result && v.version === this.answersVersion && v.on === this.modelOn) return v.view;
    const view = this.modelOn ? refineResult(result, (f) => this.answers.outcome(modelKey(f))) : result;
    this.viewed = { of: result, version: this.answersVersion, on: this.modelOn, view };
    return view;
  }

  /** The last result, refined (undefined before the first run ends). */
  get shown(): AnalysisResult | undefined {
    return this.result && this.view(this.result);
  }

  get dir(): string {
    return path.relative(this.folder, this.root).split(path.sep).join('/');
  }

  /** The project-relative path of an absolute one inside it, else undefined. */
  relative(abs: string): string | undefined {
    const rel = path.relative(this.root, abs);
    return rel && !rel.startsWith('..') && !path.isAbsolute(rel) ? rel.split(path.sep).join('/') : undefined;
  }

  has(rel: string): boolean {
    return this.disk.has(rel) || this.open.has(rel);
  }

  paths(): string[] {
    return [...new Set([...this.disk.keys(), ...this.open.keys()])].sort();
  }

  setDisk(rel: string, text: string | undefined): void {
    if (text === undefined) this.disk.delete(rel);
    else this.disk.set(rel, text);
  }

  setOpen(rel: string, doc: { text: string; version: number } | undefined): void {
    if (doc) this.open.set(rel, doc);
    else this.open.delete(rel);
  }

  /** What the analysis reads: the editor's text where a file is open, the disk's elsewhere. */
  files(): SourceFile[] {
    return this.paths().map((p) => ({ path: p, text: this.open.get(p)?.text ?? this.disk.get(p) ?? '' }));
  }

  /** The version of an open document that the last result saw (undefined: it read the disk). */
  versionAnalyzed(rel: string): number | undefined {
    return this.analyzedVersions.get(rel);
  }

  /** Analyzes the current text; while a run is under way, one more follows it and both callers get that one. */
  analyze(): Promise<AnalysisResult> {
    if (this.running) {
      // The run loops once more and resolves with that last result.
      this.again = true;
      return this.running;
    }
    this.running = this.loop().finally(() => (this.running = undefined));
    return this.running;
  }

  /** The analysis of the text as it is now: waits for a run under way. */
  async current(): Promise<AnalysisResult> {
    if (this.running) return this.analyze();
    return this.result ?? this.analyze();
  }

  get busy(): boolean {
    return this.running !== undefined;
  }

  private async loop(): Promise<AnalysisResult> {
    for (;;) {
      this.again = false;
      const versions = new Map([...this.open].map(([p, d]) => [p, d.version]));
      const pause = yielder();
      const result = await analyzeProject({ files: this.files() }, { state: this.statePath, retrieve: false, onFragment: () => pause() });
      this.result = result;
      this.analyzedVersions = versions;
      if (!this.again) return result;
    }
  }
}
