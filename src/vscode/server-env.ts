// The environment of the language-server child. Pure (no vscode): tested in test/vscode-server-env.test.ts.

/**
 * The glibc malloc settings the CLI's long-running commands use (bin/malloc-env.js, which this
 * folder may not import): two arenas instead of one per thread, and big buffers returned to the
 * system when freed. glibc reads them only at process start, so they go in the child's environment.
 */
export const MALLOC_ENV = { MALLOC_ARENA_MAX: '2', MALLOC_MMAP_THRESHOLD_: '262144' } as const;

/**
 * The editor's own runtime runs the server: Electron's binary acts as plain Node with
 * ELECTRON_RUN_AS_NODE (code-server's Node ignores it), so no separate Node is needed.
 * Values the user set win over the malloc defaults.
 */
export function serverEnv(base: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return { ...MALLOC_ENV, ...base, ELECTRON_RUN_AS_NODE: '1' };
}
