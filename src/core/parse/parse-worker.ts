// Worker thread entry: parses files sent by ParsePool. Receives plain data, returns plain data.
import { parentPort, workerData } from 'node:worker_threads';
import { parseOne, type ParseRequest } from './parse-job';
import { makeTokenCounter, type TokenizerConfig } from '../chunk/token-counter';
import { packedBuffers } from '../store/rows';

interface WorkerInit {
  maxTokens: number;
  tokenizer?: TokenizerConfig;
}

const init = workerData as WorkerInit;
const countTokens = makeTokenCounter(init.tokenizer);

parentPort!.on('message', async (msg: { id: number; req: ParseRequest }) => {
  try {
    const result = await parseOne(msg.req, { maxTokens: init.maxTokens, countTokens, compact: true });
    // The row columns and keyword postings move, not copy.
    const transfer: ArrayBuffer[] = [];
    if (result.status === 'parsed') {
      if (result.rows) transfer.push(...packedBuffers(result.rows));
      transfer.push(result.docs.data.buffer as ArrayBuffer);
    }
    parentPort!.postMessage({ id: msg.id, result }, transfer);
  } catch (err) {
    parentPort!.postMessage({ id: msg.id, error: (err as Error).stack ?? String(err) });
  }
});
