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
  /** coderag.internal.status, or {error} when the product is not installed. */
  coderag: { phase: string; trusted: boolean; activationMs: number; status?: ServerStatus; error?: string };
  /** The extension host's pid and `process.memoryUsage()` (bytes). */
  host: { pid: number; rss: number; heapUsed: number; heapTotal: number; external: number; arrayBuffers: number };
  /** Every file with diagnostics, any source's. Ranges are 0-based [line, character, endLine, endCharacter]. */
  diagnostics: { path: string; items: { code?: string; href?: string; source?: string; severity: number; message: string; range: number[] }[] }[];
  editor?: { path: string; text: string; dirty: boolean };
}
