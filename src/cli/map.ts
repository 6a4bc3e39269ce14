// `coderag map` and `coderag symbols` (the repo map).
export async function runMap(_argv: string[]): Promise<number> {
  throw new Error('coderag map: not built yet');
}

export async function runSymbols(_argv: string[]): Promise<number> {
  throw new Error('coderag symbols: not built yet');
}
