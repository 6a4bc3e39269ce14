// What the test helper's "CodeRAG Test: Probe" writes (test/e2e/test-extension/extension.js).
import type { ServerStatus } from '../../src/lsp/protocol';

export interface Position {
  line: number;
  character: number;
}

export interface Probe {
  vscodeVersion: string;
  node: string;
  trusted: boolean;
  folders: string[];
  extensions: { id: string; version: string; active: boolean }[];
  tools: string[];
  models: { id: string; vendor: string }[];
  /** The active text editor, if any: 0-based selection. */
  editor?: { path: string; selection: { start: Position; end: Position }; text: string };
  /** coderag.internal.status, or {error} when the product is not installed. */
  coderag: { phase: string; trusted: boolean; activationMs: number; status?: ServerStatus; error?: string };
}
