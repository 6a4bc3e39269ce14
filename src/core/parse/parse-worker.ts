// Worker thread entry: parses files sent by ParsePool. Receives plain data, returns plain data.
import { parentPort, workerData } from 'node:worker_threads';
import { parseOne, type ParseRequest } from './parse-job';
import { estimateTokens } from '../chunk/split';
import { transferList } from './producers';
import { lowerThisThread } from '../base/priority';

const init = workerData as { maxTokens: number; background?: boolean };
if (init.background) lowerThisThread();

parentPort!.on('message', async (msg: { id: number; req: ParseRequest }) => {
  try {
    const result = await parseOne(msg.req, { maxTokens: init.maxTokens, countTokens: estimateTokens, compact: true });
    // The row columns and keyword postings move, not copy.
    parentPort!.postMessage({ id: msg.id, result }, result.status === 'parsed' ? transferList(result.products) : []);
  } catch (err) {
    parentPort!.postMessage({ id: msg.id, error: (err as Error).stack ?? String(err) });
  }
});
