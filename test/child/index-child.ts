// Runs one index update in a child process, printing progress, so a test can kill -9 it mid-run.
import { CodeIndex } from '../../src/core/index/code-index';

async function main() {
  const [root, embeddings] = process.argv.slice(2);
  const index = await CodeIndex.open({
    root,
    embedding: { enabled: embeddings.startsWith('embed') },
    // Small store batches, so a kill mid-embedding finds some chunks written and some not
    // ('embed-default': the batches a user's run has).
    embedBatch: embeddings === 'embed-default' ? undefined : 256,
    onProgress: (e) => process.stdout.write(`${e.phase} ${e.phase === 'embed' ? `${e.vectors.done}/${e.vectors.total}` : `${e.files.done}/${e.files.total}`}\n`),
  });
  const report = await index.update();
  process.stdout.write(`done ${JSON.stringify({ indexed: report.indexed, chunks: report.chunks, embedded: report.embedded })}\n`);
  await index.close();
}
main().catch((err) => {
  process.stderr.write(String(err?.stack ?? err));
  process.exit(1);
});
