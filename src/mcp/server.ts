export async function runMcp(_argv: string[]): Promise<number> {
  throw new Error('coderag mcp: not built yet');
}
