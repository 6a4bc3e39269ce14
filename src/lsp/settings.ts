// A workspace folder's settings as the server applies them: where its index lives and what the
// core is opened with. Pure (no connection, no core): tested in test/lsp-settings.test.ts.
import { createHash } from 'node:crypto';
import * as path from 'node:path';
import type { CodeRagSettings } from './protocol';

export interface FolderConfig {
  indexDir: string;
  embeddings: boolean;
  /** A transformers.js model id or a folder; undefined: the offline model shipped with the server. */
  model?: string;
  include: string[];
  exclude: string[];
  maxFileBytes: number;
  codeOnly: boolean;
}

export const DEFAULT_MAX_FILE_KB = 1024;

/**
 * The index's folder inside the editor's storage: the folder's name for a person looking there,
 * and a hash of its path, since two folders of one workspace may share a name.
 */
export function storageFolderName(root: string): string {
  const name = path.basename(root).replace(/[^\w.-]+/g, '_') || 'root';
  return `${name}-${createHash('sha256').update(root).digest('hex').slice(0, 12)}`;
}

const strings = (v: unknown): string[] => (Array.isArray(v) ? v.filter((s): s is string => typeof s === 'string' && s.trim() !== '').map((s) => s.trim()) : []);

/**
 * `raw` is what workspace/configuration answered for the `coderag` section (undefined when the
 * client cannot answer: other editors get the defaults and `initEmbeddings`). Values of the wrong
 * type fall back to the default rather than failing the folder.
 */
export function folderConfig(root: string, raw: CodeRagSettings | undefined, storageDir: string | undefined, initEmbeddings = true): FolderConfig {
  const index = raw?.index ?? {};
  const inFolder = index.location === 'workspaceFolder' || !storageDir;
  const kb = typeof index.maxFileSizeKB === 'number' && index.maxFileSizeKB > 0 ? index.maxFileSizeKB : DEFAULT_MAX_FILE_KB;
  const model = typeof raw?.embeddings?.model === 'string' && raw.embeddings.model.trim() ? raw.embeddings.model.trim() : undefined;
  return {
    indexDir: inFolder ? path.join(root, '.coderag') : path.join(storageDir!, storageFolderName(root)),
    embeddings: typeof raw?.embeddings?.enabled === 'boolean' ? raw.embeddings.enabled : initEmbeddings,
    ...(model ? { model } : {}),
    include: strings(index.include),
    exclude: strings(index.exclude),
    maxFileBytes: Math.round(kb * 1024),
    codeOnly: index.codeOnly === true,
  };
}

export function sameConfig(a: FolderConfig, b: FolderConfig): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** What a change of settings means for the index: nothing, reopen it, or reopen and rebuild (another model's vectors cannot be mixed in). */
export function reconfiguration(before: FolderConfig, after: FolderConfig): { reopen: boolean; rebuild?: string } {
  if (sameConfig(before, after)) return { reopen: false };
  if (before.indexDir === after.indexDir && (before.model ?? '') !== (after.model ?? '')) {
    return { reopen: true, rebuild: `the embedding model setting changed (${before.model ?? 'the offline model'} → ${after.model ?? 'the offline model'})` };
  }
  return { reopen: true };
}
