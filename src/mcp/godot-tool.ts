// The MCP tool `godot_migration`: the Godot 3 → 4 analysis of the served workspace (or of a bundle
// the client sends): the project verdict, the findings with their Godot 4 form and safe edits,
// and what was left out. Paths are the workspace's; nothing outside the root is read.
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { analyzeProject, Retriever } from '../core/service/api';

export function registerGodotMigration(server: McpServer, root: () => string): void {
  let retriever: Retriever | undefined;
  server.registerTool(
    'godot_migration',
    {
      description:
        'Godot 3 → 4 migration analysis of the workspace (or of a bundle of files each under a "# <relative path>" header): the project verdict (godot3, godot4 or mixed) with fragment counts and the strongest evidence, and each line that needs migrating with its rule, severity, message, the Godot 4 form and, for safe changes, the replacement edit.',
      inputSchema: {
        bundle: z.string().optional().describe('Files concatenated, each under a line "# <relative path>"; default: the workspace'),
        path_prefix: z.string().optional().describe('Only report findings under this workspace-relative folder'),
        max_findings: z.number().int().min(1).max(5000).optional().describe('Default 200'),
        include_fragments: z.boolean().optional().describe('Also return each fragment with its hints, candidates and judgment'),
      },
    },
    async (a) => {
      try {
        // The retriever takes a second or two to build: once per server, and only when candidates are asked for.
        if (a.include_fragments) retriever ??= new Retriever();
        const result = await analyzeProject(a.bundle !== undefined ? { bundleText: a.bundle } : { root: root() }, { retrieve: !!a.include_fragments, retriever });
        const findings = result.findings.filter((f) => !a.path_prefix || f.path.startsWith(a.path_prefix.replace(/\/?$/, '/')));
        const max = a.max_findings ?? 200;
        const body = {
          verdict: result.verdict,
          findings: findings.slice(0, max),
          ...(findings.length > max ? { findingsCut: findings.length - max } : {}),
          excluded: result.excluded,
          files: result.files,
          fragments: a.include_fragments ? result.fragments : result.fragments.length,
        };
        return { content: [{ type: 'text' as const, text: JSON.stringify(body, null, 1) }] };
      } catch (err) {
        return { content: [{ type: 'text' as const, text: `error: ${(err as Error).message}` }], isError: true };
      }
    },
  );
}
