// The editor's open documents, synchronized by LSP (incremental changes): their text is what the
// index reads for them (an unsaved edit is searchable), an edit is a change once typing pauses, a
// save is one at once, and closing an edited document without saving sends the index back to the
// disk's text.
import { fileURLToPath } from 'node:url';
import type { TextDocuments } from 'vscode-languageserver/node';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { relativeTo } from './folders';

/** Typing pauses this long before an unsaved edit is indexed. */
export const EDIT_QUIET_MS = 300;

function fsPathOf(uri: string): string | undefined {
  if (!uri.startsWith('file:')) return undefined;
  try {
    return fileURLToPath(uri);
  } catch {
    return undefined;
  }
}

export class OpenDocuments {
  /** By absolute path: the editor's URIs escape characters differently than Node's. */
  private readonly byPath = new Map<string, TextDocument>();
  private readonly openedAt = new Map<string, number>();
  private readonly edited = new Set<string>();
  private readonly timers = new Map<string, NodeJS.Timeout>();

  /** `documents` is the server's one TextDocuments, listening on the connection. */
  constructor(
    private readonly documents: TextDocuments<TextDocument>,
    private readonly changed: (files: string[]) => void,
  ) {
    this.documents.onDidOpen(({ document }) => {
      const file = fsPathOf(document.uri);
      if (!file) return;
      this.byPath.set(file, document);
      this.openedAt.set(file, document.version);
    });
    this.documents.onDidChangeContent(({ document }) => {
      const file = fsPathOf(document.uri);
      // Also fired for the open itself: only later versions are edits.
      if (!file || this.openedAt.get(file) === document.version) return;
      this.edited.add(file);
      this.later(file);
    });
    this.documents.onDidSave(({ document }) => {
      const file = fsPathOf(document.uri);
      if (file) this.now(file);
    });
    this.documents.onDidClose(({ document }) => {
      const file = fsPathOf(document.uri);
      if (!file) return;
      this.byPath.delete(file);
      this.openedAt.delete(file);
      // Closed without saving: the index reads the disk's text again.
      if (this.edited.delete(file)) this.now(file);
    });
  }

  /** The editor's text of a file, if it is open. */
  text(file: string): string | undefined {
    return this.byPath.get(file)?.getText();
  }

  /** Open documents under `root`, relative to it. */
  under(root: string): string[] {
    return [...this.byPath.keys()].map((f) => relativeTo(root, f)).filter((r): r is string => r !== undefined);
  }

  private later(file: string): void {
    clearTimeout(this.timers.get(file));
    const timer = setTimeout(() => this.now(file), EDIT_QUIET_MS);
    timer.unref();
    this.timers.set(file, timer);
  }

  private now(file: string): void {
    clearTimeout(this.timers.get(file));
    this.timers.delete(file);
    this.changed([file]);
  }
}
