// The Godot 3 → 4 migration analysis in the language server: the Godot projects of the workspace
// folders analyzed in the background, again whenever one of their files is opened, edited, saved,
// closed or changed on disk; findings published as diagnostics, safe edits offered as code actions,
// and the debug view's and the verdict command's requests answered. All of it runs here, in the
// server process, between LSP messages (a run gives the thread back every few milliseconds).
import * as path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { CodeActionKind, type CodeAction, type CodeActionParams, type Connection, type ServerCapabilities, type TextDocuments, TextDocumentSyncKind } from 'vscode-languageserver/node';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { godotProjects, isGodotSource, readGodotSource, Retriever } from '../../core/service/api';
import {
  GODOT_FILES_NOTIFICATION,
  GODOT_FRAGMENT_REQUEST,
  GODOT_PROJECTS_REQUEST,
  GODOT_SETTINGS_NOTIFICATION,
  type GodotFragmentAnswer,
  type GodotFragmentParams,
  type GodotProjectReport,
  type GodotProjectsParams,
} from '../protocol';
import { codeActionsFor, FIX_ALL_KIND, toDiagnostic } from './convert';
import { fragmentAtLine, fragmentDetails, projectReport } from './details';
import { ModelPass } from './model-pass';
import { ProjectAnalysis } from './project';

/** What the server declares for this feature: the editor's Godot buffers, and code actions on them. */
export const GODOT_CAPABILITIES: ServerCapabilities = {
  textDocumentSync: { openClose: true, change: TextDocumentSyncKind.Incremental, save: { includeText: false } },
  codeActionProvider: { codeActionKinds: [CodeActionKind.QuickFix, FIX_ALL_KIND] },
};

/** Typing pauses this long before the project is analyzed again. */
const SETTLE_MS = 250;

const pathOf = (uri: string): string | undefined => (uri.startsWith('file:') ? fileURLToPath(uri) : undefined);

function readIfThere(abs: string): string | undefined {
  try {
    return readGodotSource(abs);
  } catch {
    return undefined;
  }
}

export class GodotFeature {
  private folders: string[] = [];
  private projects: ProjectAnalysis[] = [];
  private enabled = true;
  /** The model pass: `coderag.godot.languageModel` on and `coderag.languageModel.enabled` not off. */
  private modelOn = false;
  private readonly pass: ModelPass;
  private started?: Promise<void>;
  /** What was last published, by URI, so an unchanged file is not sent again. */
  private readonly published = new Map<string, string>();
  /** The editor's own URI for a path it opened (published diagnostics use it). */
  private readonly uris = new Map<string, string>();
  private readonly timers = new Map<ProjectAnalysis, NodeJS.Timeout>();
  private retriever?: Retriever;

  constructor(
    private readonly connection: Connection,
    private readonly documents: TextDocuments<TextDocument>,
  ) {
    documents.onDidChangeContent((e) => void this.opened(e.document));
    documents.onDidSave((e) => void this.saved(e.document));
    documents.onDidClose((e) => void this.closed(e.document));
    connection.onCodeAction((p) => this.codeActions(p));
    connection.onRequest(GODOT_FRAGMENT_REQUEST, (p: GodotFragmentParams) => this.fragmentAt(p));
    connection.onRequest(GODOT_PROJECTS_REQUEST, (p: GodotProjectsParams | undefined) => this.report(p ?? {}));
    connection.onNotification(GODOT_SETTINGS_NOTIFICATION, () => void this.settingsChanged());
    connection.onNotification(GODOT_FILES_NOTIFICATION, (p: { uris: string[] }) => void this.filesChanged(p.uris));
    this.pass = new ModelPass(connection, () => (this.retriever ??= new Retriever()), () => this.publishAll());
  }

  /** Finds the projects of the folders and analyzes each in the background, one after the other. */
  start(folders: string[]): Promise<void> {
    this.folders = folders;
    this.started = (async () => {
      await this.readSettings();
      await this.discover();
    })();
    void this.started.then(() => this.runAll()).catch((err) => this.connection.console.error(`Godot analysis: ${(err as Error).stack ?? err}`));
    return this.started;
  }

  dispose(): void {
    for (const t of this.timers.values()) clearTimeout(t);
    this.pass.stop();
  }

  private async readSettings(): Promise<void> {
    // A client that does not answer workspace/configuration (some editors) keeps the defaults: diagnostics on, the model off.
    const timeout = new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), 2000).unref());
    const asked = this.connection.workspace.getConfiguration([{ section: 'coderag.godot' }, { section: 'coderag.languageModel' }]).catch(() => undefined);
    const [godot, lm] = ((await Promise.race([asked, timeout])) ?? []) as [{ diagnostics?: boolean; languageModel?: boolean }?, { enabled?: boolean }?];
    this.enabled = godot?.diagnostics !== false;
    this.modelOn = this.enabled && godot?.languageModel === true && lm?.enabled !== false;
    for (const p of this.projects) p.modelOn = this.modelOn;
  }

  /** Also sent when the editor's models change: a model that appeared may answer what failed. */
  private async settingsChanged(): Promise<void> {
    await this.started;
    const was = this.enabled;
    await this.readSettings();
    if (!this.modelOn) this.pass.stop();
    if (was !== this.enabled) {
      if (this.enabled) await this.runAll();
      else this.publishAll();
      return;
    }
    this.publishAll();
    if (this.modelOn) for (const p of this.projects) this.refine(p, true);
  }

  /** Starts the model pass over the project's last result, when it is on. */
  private refine(project: ProjectAnalysis, retryFailed = false): void {
    if (!this.modelOn || !project.result) return;
    if (retryFailed) {
      project.answers.retryFailed();
      project.answered();
    }
    this.pass.kick(project);
  }

  private async discover(): Promise<void> {
    const found: ProjectAnalysis[] = [];
    for (const folder of this.folders) for (const p of await godotProjects(folder)) found.push(new ProjectAnalysis(folder, p));
    // Deepest first, so a file goes to the nearest project.
    this.projects = found.sort((a, b) => b.root.length - a.root.length);
    for (const p of found) p.modelOn = this.modelOn;
    for (const doc of this.documents.all()) {
      const at = this.locate(doc.uri);
      if (at) at.project.setOpen(at.rel, { text: doc.getText(), version: doc.version });
    }
    if (found.length) this.connection.console.info(`Godot projects: ${found.map((p) => p.dir || '.').join(', ')}`);
  }

  private locate(uri: string): { project: ProjectAnalysis; rel: string; abs: string } | undefined {
    const abs = pathOf(uri);
    if (!abs) return undefined;
    for (const project of this.projects) {
      const rel = project.relative(abs);
      if (rel !== undefined) return isGodotSource(rel) ? { project, rel, abs } : undefined;
    }
    return undefined;
  }

  private async runAll(): Promise<void> {
    for (const p of this.projects) await this.run(p);
  }

  private async run(project: ProjectAnalysis): Promise<void> {
    if (!this.enabled) return;
    await project.analyze();
    this.publishAll();
    // After the deterministic findings are out: the model only refines them.
    this.refine(project);
  }

  private schedule(project: ProjectAnalysis): void {
    clearTimeout(this.timers.get(project));
    this.timers.set(
      project,
      setTimeout(() => {
        this.timers.delete(project);
        void this.run(project).catch((err) => this.connection.console.error(`Godot analysis of ${project.root}: ${(err as Error).message}`));
      }, SETTLE_MS),
    );
  }

  /** Every project's findings as diagnostics, sending only what changed (and empty lists for what went away). */
  private publishAll(): void {
    const wanted = new Map<string, { diagnostics: ReturnType<typeof toDiagnostic>[]; version?: number }>();
    if (this.enabled) {
      for (const project of this.projects) {
        const shown = project.shown;
        if (!shown) continue;
        const checked = new Map(shown.fragments.filter((r) => r.judgment.by === 'llm').map((r) => [r.key, r.judgment]));
        for (const f of shown.findings) {
          const abs = path.join(project.root, f.path);
          const uri = this.uris.get(abs) ?? pathToFileURL(abs).href;
          const entry = wanted.get(uri) ?? { diagnostics: [], version: project.versionAnalyzed(f.path) };
          entry.diagnostics.push(toDiagnostic(f, checked.get(f.fragment)));
          wanted.set(uri, entry);
        }
      }
    }
    for (const uri of this.published.keys()) if (!wanted.has(uri)) wanted.set(uri, { diagnostics: [] });
    for (const [uri, { diagnostics, version }] of wanted) {
      // The version too: an editor that opened a file wants the diagnostics said for its version.
      const key = JSON.stringify([version, diagnostics]);
      if (this.published.get(uri) === key) continue;
      if (diagnostics.length) this.published.set(uri, key);
      else this.published.delete(uri);
      void this.connection.sendDiagnostics({ uri, diagnostics, ...(version !== undefined ? { version } : {}) });
    }
  }

  private async opened(doc: TextDocument): Promise<void> {
    await this.started;
    const at = this.locate(doc.uri);
    if (!at) return;
    this.uris.set(at.abs, doc.uri);
    at.project.setOpen(at.rel, { text: doc.getText(), version: doc.version });
    this.schedule(at.project);
  }

  private async saved(doc: TextDocument): Promise<void> {
    await this.started;
    const at = this.locate(doc.uri);
    if (!at) return;
    at.project.setDisk(at.rel, doc.getText());
    this.schedule(at.project);
  }

  private async closed(doc: TextDocument): Promise<void> {
    await this.started;
    const at = this.locate(doc.uri);
    if (!at) return;
    // Closed without saving: the disk's text is the file again.
    at.project.setOpen(at.rel, undefined);
    at.project.setDisk(at.rel, readIfThere(at.abs));
    this.schedule(at.project);
  }

  private async filesChanged(uris: string[]): Promise<void> {
    await this.started;
    let rediscover = false;
    const touched = new Set<ProjectAnalysis>();
    for (const uri of uris) {
      const abs = pathOf(uri);
      if (!abs) continue;
      const at = this.locate(uri);
      // A project.godot added or removed, or a script where no project was: the projects change.
      if (path.basename(abs) === 'project.godot' || (!at && /\.gd$/.test(abs) && this.folders.some((f) => !path.relative(f, abs).startsWith('..')))) rediscover = true;
      if (!at) continue;
      at.project.setDisk(at.rel, readIfThere(at.abs));
      touched.add(at.project);
    }
    if (rediscover) {
      await this.discover();
      await this.runAll();
      return;
    }
    for (const p of touched) this.schedule(p);
  }

  private async codeActions(p: CodeActionParams): Promise<CodeAction[]> {
    await this.started;
    const doc = this.documents.get(p.textDocument.uri);
    const at = this.locate(p.textDocument.uri);
    if (!doc || !at || !this.enabled) return [];
    const result = at.project.view(await at.project.current());
    // Ranges are those of the text the analysis read: only offered for that very version.
    if (at.project.versionAnalyzed(at.rel) !== doc.version) return [];
    const findings = result.findings.filter((f) => f.path === at.rel);
    return codeActionsFor({ uri: doc.uri, version: doc.version }, findings, p.context.diagnostics, p.context.only);
  }

  private async fragmentAt(p: GodotFragmentParams): Promise<GodotFragmentAnswer> {
    await this.started;
    const at = this.locate(p.uri);
    if (!at) {
      const abs = pathOf(p.uri);
      const why = abs && !isGodotSource(abs) ? 'is not a Godot source (scripts, scenes, resources, shaders, project.godot)' : 'is in no Godot project of the workspace (no project.godot above it, and no GDScript in its folder)';
      return { found: false, reason: `${abs ? path.basename(abs) : p.uri} ${why}.` };
    }
    const result = at.project.view(await at.project.current());
    const fragment = fragmentAtLine(result, at.rel, p.line + 1);
    if (!fragment) return { found: false, reason: `Line ${p.line + 1} of ${at.rel} is in no fragment (nothing on it is analyzed).` };
    this.retriever ??= new Retriever();
    return { found: true, details: fragmentDetails(at.project, fragment, this.retriever, this.modelOn) };
  }

  private async report(p: GodotProjectsParams): Promise<GodotProjectReport[]> {
    await this.started;
    for (const project of this.projects) {
      if (p.wait) await project.current();
      else if (!project.result && !project.busy) void project.analyze().catch(() => undefined);
    }
    if (p.wait) this.publishAll();
    return Promise.all([...this.projects].sort((a, b) => (a.root < b.root ? -1 : 1)).map((project) => projectReport(project, p.findings === true)));
  }
}
