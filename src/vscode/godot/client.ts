// Requests of the Godot feature to the language server, once it runs: a command used while the
// server starts (or restarts after a crash) waits for it rather than failing.
import { type LanguageClient, State } from 'vscode-languageclient/node';

export type ClientSource = () => LanguageClient | undefined;

const WAIT_MS = 60_000;

export async function running(source: ClientSource): Promise<LanguageClient> {
  const client = source();
  if (!client) throw new Error('the CodeRAG server is not started (an untrusted workspace, or no folder open)');
  if (client.state === State.Running) return client;
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      sub.dispose();
      reject(new Error(`the CodeRAG server did not start within ${WAIT_MS / 1000} s`));
    }, WAIT_MS);
    const sub = client.onDidChangeState((e) => {
      if (e.newState !== State.Running) return;
      clearTimeout(timer);
      sub.dispose();
      resolve();
    });
  });
  return client;
}

export async function request<R>(source: ClientSource, method: string, params: unknown): Promise<R> {
  return (await running(source)).sendRequest<R>(method, params);
}

/** Sent only to a running server: one that starts later reads the settings and files itself. */
export function notify(source: ClientSource, method: string, params: unknown): void {
  const client = source();
  if (client?.state === State.Running) void client.sendNotification(method, params);
}
