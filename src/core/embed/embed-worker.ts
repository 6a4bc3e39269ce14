// Worker thread entry: one TransformersEmbedder per worker, one ORT thread each.
import { parentPort, workerData } from 'node:worker_threads';
import type { ResolvedModel } from './embedder';
import { TransformersEmbedder } from './transformers-embedder';
import { lowerThisThread } from '../base/priority';

// Before the model starts its runtime's threads: they inherit this thread's priority.
if (workerData.background) lowerThisThread();
const ready = TransformersEmbedder.load(workerData.model as ResolvedModel, 1);
ready.then(
  (e) => parentPort!.postMessage({ ready: true, dim: e.dim }),
  (err) => parentPort!.postMessage({ ready: false, error: (err as Error).message }),
);

parentPort!.on('message', async (msg: { id: number; texts: string[] }) => {
  try {
    const e = await ready;
    const vectors = await e.embed(msg.texts);
    const flat = new Float32Array(vectors.length * e.dim);
    vectors.forEach((v, i) => flat.set(v, i * e.dim));
    parentPort!.postMessage({ id: msg.id, flat, dim: e.dim }, [flat.buffer]);
  } catch (err) {
    parentPort!.postMessage({ id: msg.id, error: (err as Error).message });
  }
});
