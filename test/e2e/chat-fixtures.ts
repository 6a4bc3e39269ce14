// What the chat and tool editor tests share: waiting until CodeRAG has indexed the workspace.
import { commandOutput, eventually, type Session } from './harness/session';
import type { Probe } from './probe';


/** Waits until the index is ready (keyword side; vectors may still be filling in). */
export async function indexed(s: Session): Promise<Probe> {
  return eventually('CodeRAG index ready', async () => {
    const p = await commandOutput<Probe>(s, 'CodeRAG Test: Probe', 'probe.json');
    return p.coderag.status?.state === 'ready' ? p : undefined;
  }, 180_000);
}
