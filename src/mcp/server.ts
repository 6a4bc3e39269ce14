// `coderag mcp`: the core as an MCP server over stdio (official TypeScript SDK). Tools: search
// (hybrid search), repo_map, search_identifiers. Every path argument is confined to the root.
import * as path from 'node:path';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { z } from 'zod';
import { openWorkspace, searchOptionsOf, type Workspace } from '../core/service/api';
import { parseArgs } from 'node:util';
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

export function createServer(service: Workspace, version = '0.1.0'): McpServer {
  const server = new McpServer({ name: 'coderag', version });
  server.registerTool(
    'search',
    {
      description:
        'Hybrid (keyword + embedding) search over the indexed workspace. Returns chunks (functions, methods, classes, sections) with path, line range, kind, qualified name, signature, score and a snippet. The query may be a whole bug report: stack traces, pasted code and issue text are read whole (frames that point into the workspace count most).',
      inputSchema: {
        query: z.string().describe('Natural language or identifiers, e.g. "where are HTTP headers parsed" or "move_and_slide"'),
        limit: z.number().int().min(1).max(100).optional(),
        kind: z.array(z.string()).optional().describe('function, method, class, constant, declaration, section, documentation, window'),
        language: z.array(z.string()).optional(),
        path: z.string().optional().describe('Glob over workspace-relative paths, e.g. src/**/*.ts'),
        group_by: z
          .enum(['file'])
          .optional()
          .describe('file: one result per file (its best chunk), files ranked by the evidence of all their chunks and their path; `why` says what in the query pointed at a file'),
      },
    },
    guarded(async (a) => {
      // Checked as the CLI checks its flags: an invalid kind, language or glob is an error listing the valid values.
      const opts = searchOptionsOf({ limit: a.limit ?? 10, kind: a.kind, lang: a.language, path: a.path, 'group-by': a.group_by }, '');
      await service.ready();
      return text((await service.search(a.query, opts)).results);
    }),
  );
  server.registerTool(
    'repo_map',
    {
      description:
        'A map of the repository ranked by PageRank over the definition→reference graph: the most important files with their key definitions, fitted to a token budget. Personalize with the files being worked on and identifiers of interest.',
      inputSchema: {
        tokens: z.number().int().min(64).max(65536).optional().describe('Token budget (default 1024)'),
        focus_files: z.array(z.string()).optional().describe('Workspace files being worked on (relative paths)'),
        mentioned_files: z.array(z.string()).optional(),
        mentioned_idents: z.array(z.string()).optional(),
      },
    },
    guarded(async (a) => {
      const r = await service.map({ tokens: a.tokens, focus: a.focus_files, mentionedFiles: a.mentioned_files, mentionedIdents: a.mentioned_idents });
      return text(`${r.text}\n(${r.tokens} tokens of ${r.budget}; ${r.definitions} definitions in ${r.files.length} files)`);
    }),
  );
  server.registerTool(
    'search_identifiers',
    {
      description: 'Definitions and references of symbols matching a name (exact, then prefix, then case-insensitive substring; definitions first), with file, line and context lines.',
      inputSchema: {
        query: z.string(),
        limit: z.number().int().min(1).max(500).optional(),
        context_lines: z.number().int().min(0).max(20).optional(),
        include_definitions: z.boolean().optional(),
        include_references: z.boolean().optional(),
      },
    },
    guarded(async (a) =>
      text(
        await service.symbols(a.query, {
          limit: a.limit,
          contextLines: a.context_lines,
          definitions: a.include_definitions,
          references: a.include_references,
        }),
      ),
    ),
  );
  registerGodotMigration(server, () => service.root);
  return server;
}

export async function runMcp(argv: string[]): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: {
      root: { type: 'string' },
      'index-dir': { type: 'string' },
      model: { type: 'string' },
      'no-embeddings': { type: 'boolean', default: false },
    },
    strict: true,
  });
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
