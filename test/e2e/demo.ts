// `npm run demo [folder]`: the product as a user meets it — the packaged VSIX installed into a
// local code-server (the real VS Code workbench), opened on the sample workspace or the folder
// given, and its URL printed. Runs until Ctrl-C; nothing is written outside .cache/demo.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { installVsix, startCodeServer, writeUserSettings } from './harness/code-server';
import { PRODUCT_VSIX, REPO } from './harness/paths';
import { freshRunDir } from './harness/run-dir';

async function main(): Promise<void> {
  const given = process.argv[2];
  const folder = path.resolve(given ?? path.join(REPO, '.cache', 'demo-workspace'));
  if (!given) {
    // A copy: the demo indexes and may edit it; the sample in the repository stays as it is.
    fs.rmSync(folder, { recursive: true, force: true });
    fs.cpSync(path.join(REPO, 'sample'), folder, { recursive: true });
  } else if (!fs.statSync(folder, { throwIfNoEntry: false })?.isDirectory()) {
    throw new Error(`${folder}: no such folder`);
  }
  const run = freshRunDir('demo');
  writeUserSettings(run, { trust: 'off', extra: { 'workbench.colorTheme': 'Default Dark Modern' } });
  process.stderr.write(`installing ${path.relative(REPO, PRODUCT_VSIX)}…\n`);
  await installVsix(run, [PRODUCT_VSIX]);
  const server = await startCodeServer(run, folder);
  const url = `${server.base}/?folder=${encodeURIComponent(folder)}`;
  console.log(`\nCodeRAG is running in a browser VS Code on ${folder}:\n\n  ${url}\n\nOpen it in a browser (the CodeRAG icon is in the activity bar). Ctrl-C stops it.`);
  await new Promise<void>((resolve) => {
    process.once('SIGINT', resolve);
    process.once('SIGTERM', resolve);
  });
  await server.stop();
}

main().catch((err) => {
  console.error(`demo: ${(err as Error).message}`);
  process.exit(1);
});
