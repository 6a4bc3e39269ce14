// Opens an index in a fresh process and reads its symbol index, reporting whether the definitions
// had to be derived from the tags (tagsLoaded) and what a reader was told.
import { CodeIndex } from '../../src/core/index/code-index';

async function main() {
  const [root] = process.argv.slice(2);
  const index = await CodeIndex.open({ root, embedding: { enabled: false }, inProcess: true });
  const symbols = await index.symbols();
  const [first] = symbols.search('processRequest', { limit: 1 });
  process.stdout.write(
    JSON.stringify({ tagsLoaded: index.tags.loaded, size: symbols.size, first: first && `${first.match} ${first.qualifiedName}`, notices: index.health.notices }) + '\n',
  );
  await index.close();
}
main().catch((err) => {
  process.stderr.write(String(err?.stack ?? err));
  process.exit(1);
});
