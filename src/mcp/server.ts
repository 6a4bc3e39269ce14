// `coderag mcp`: the core as an MCP server over stdio (official TypeScript SDK). Tools: search
// (hybrid search), repo_map, search_identifiers. Every path argument is confined to the root.
import * as path from 'node:path';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { z } from 'zod';
import { CHUNK_KINDS, mapOptionsOf, openWorkspace, SEARCH_LANGUAGES, searchOptionsOf, symbolOptionsOf, type Workspace } from '../core/service/api';
import { registerGodotMigration } from './godot-tool';

type ToolResult = { content: { type: 'text'; text: string }[]; isError?: boolean };

function text(value: unknown): ToolResult {
  return { content: [{ type: 'text', text: typeof value === 'string' ? value : JSON.stringify(value, null, 1) }] };
}

/** Tool errors go back to the client as results (isError), not as protocol failures. */
function guarded<A>(fn: (args: A) => Promise<ToolResult>): (args: A) => Promise<ToolResult> {
  return async (args) => {
    try {
      return await fn(args);
    } catch (err) {
      return { content: [{ type: 'text', text: `error: ${(err as Error).message}` }], isError: true };
    }
  };
}

/** A list argument as a client may send it: a list, one value, or a comma list. */
const list = z.union([z.array(z.string()), z.string()]);
/** Numbers are checked by the core's own rules (the CLI's messages), not by the schema: a string of digits passes. */
const count = z.union([z.number(), z.string()]);

export function createServer(service: Workspace, version = '0.1.0'): McpServer {
  const server = new McpServer({ name: 'coderag', version });
  server.registerTool(
    'search',
    {
      description:
        'Hybrid (keyword + embedding) search over the indexed workspace. Returns chunks (functions, methods, classes, sections) with path, line range, kind, qualified name, signature, score and a snippet. The query may be a whole bug report: stack traces, pasted code and issue text are read whole (frames that point into the workspace count most).',
      inputSchema: {
        query: z.string().describe('Natural language or identifiers, e.g. "where are HTTP headers parsed" or "move_and_slide"'),
        limit: count.optional().describe('Results, 1 or more (default 10)'),
        kind: list.optional().describe(`Only these kinds: ${CHUNK_KINDS.join(', ')}`),
        language: list.optional().describe(`Only these languages: ${SEARCH_LANGUAGES.join(', ')} (or py, ts, js, rs, cs, cpp, rb, gd…)`),
        path: z.string().optional().describe('Glob over workspace-relative paths, e.g. src/**/*.ts'),
        group_by: z
          .enum(['file'])
          .optional()
          .describe('file: one result per file (its best chunk), files ranked by the evidence of all their chunks and their path; `why` says what in the query pointed at a file'),
      },
    },
    guarded(async (a) => {
      // Checked as the CLI checks its flags: an invalid kind, language, glob or number is an error listing what is valid.
      const opts = searchOptionsOf({ limit: a.limit, kind: a.kind, lang: a.language, path: a.path, 'group-by': a.group_by }, '');
      await service.ready();
      const response = await service.search(a.query, opts);
      const result = text(response.results);
      // A second item, so the first stays the results' JSON for clients that parse it.
      if (response.damaged) result.content.push({ type: 'text', text: `note: ${response.damaged}` });
      return result;
    }),
  );
  server.registerTool(
    'repo_map',
    {
      description:
        'A map of the repository ranked by PageRank over the definition→reference graph: the most important files with their key definitions, fitted to a token budget. Personalize with the files being worked on and identifiers of interest.',
      inputSchema: {
        tokens: count.optional().describe('Token budget, 64 to 65536 (default 1024)'),
        focus_files: list.optional().describe('Workspace files being worked on (relative paths)'),
        mentioned_files: list.optional(),
        mentioned_idents: list.optional(),
      },
    },
    guarded(async (a) => {
      const { tokens } = mapOptionsOf(a, '');
      // The server is this index's writer (its watcher keeps it current): tools wait for its first pass.
      await service.ready();
      const r = await service.map({ tokens, focus: listArg(a.focus_files), mentionedFiles: listArg(a.mentioned_files), mentionedIdents: listArg(a.mentioned_idents) });
      return text(`${r.text}\n(${r.tokens} tokens of ${r.budget}; ${r.definitions} definitions in ${r.files.length} files)`);
    }),
  );
  server.registerTool(
    'search_identifiers',
    {
      description:
        'Definitions and references of symbols matching a name (exact, then prefix, then case-insensitive substring; definitions first), with file, line and context lines. When none match, the nearest names (typos, camelCase vs snake_case: procesRequest or process_request → processRequest), each hit marked match: "fuzzy".',
      inputSchema: {
        query: z.string(),
        limit: count.optional().describe('Matches, 1 to 500 (default 50)'),
        context_lines: count.optional().describe('Context lines around each, 0 to 20 (default 2)'),
        include_definitions: z.boolean().optional(),
        include_references: z.boolean().optional(),
        fuzzy: z.boolean().optional().describe('Fall back to the nearest names when nothing matches (default true)'),
      },
    },
    guarded(async (a) => {
      const { limit, contextLines } = symbolOptionsOf(a, '', 'context_lines');
      await service.ready();
      return text(await service.symbols(a.query, { limit, contextLines, definitions: a.include_definitions, references: a.include_references, fuzzy: a.fuzzy }));
    }),
  );
  registerGodotMigration(server, () => service.root);
  return server;
}

function listArg(v: string | string[] | undefined): string[] | undefined {
  return typeof v === 'string' ? [v] : v;
}

/** The server over stdio until the client goes; the CLI parses its options (`coderag mcp --help`). */
export async function runMcp(values: { root?: string; 'index-dir'?: string; model?: string; 'no-embeddings'?: boolean }): Promise<number> {
  const service = await openWorkspace({
    root: path.resolve((values.root as string) ?? process.cwd()),
    indexDir: values['index-dir'] ? path.resolve(values['index-dir'] as string) : undefined,
    embedding: { enabled: !values['no-embeddings'], model: values.model as string | undefined },
  });
  const server = createServer(service);
  await server.connect(new StdioServerTransport());
  // Index in the background; tools wait for the structural index only.
  service.onDidError((err) => process.stderr.write(`coderag: ${err.message}\n`));
  void service.watch().catch((err) => process.stderr.write(`coderag: ${(err as Error).message}\n`));
  await new Promise<void>((resolve) => {
    process.stdin.once('end', resolve);
    process.stdin.once('close', resolve);
    process.once('SIGINT', resolve);
    process.once('SIGTERM', resolve);
  });
  await server.close();
  await service.dispose();
  return 0;
}
