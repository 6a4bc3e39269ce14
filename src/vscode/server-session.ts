// The language-server child as the extension sees it: started on the editor's own runtime,
// restarted by vscode-languageclient when it dies, its status pushed to listeners.
import * as vscode from 'vscode';
import { CloseAction, ErrorAction, LanguageClient, State, TransportKind, type LanguageClientOptions, type ServerOptions } from 'vscode-languageclient/node';
import { LM_CHAT_REQUEST, type ServerOptions as CodeRagOptions, type ServerStatus, STATUS_NOTIFICATION, STATUS_REQUEST } from '../lsp/protocol';
import type { ClientPhase } from './describe';
import { answerLmChat } from './godot/lm-chat';
import { RestartPolicy } from './restart-policy';
import { liveClientOptions } from './live/client-options';
import { serverEnv } from './server-env';

export type StatusListener = (phase: ClientPhase, status?: ServerStatus) => void;

export class ServerSession implements vscode.Disposable {
  private client?: LanguageClient;
  private last?: ServerStatus;
  private readonly restarts = new RestartPolicy();
  phase: ClientPhase = 'starting';

  constructor(
    private readonly context: vscode.ExtensionContext,
    private readonly output: vscode.LogOutputChannel,
    private readonly listener: StatusListener,
  ) {}

  /** The language client once started, for features with requests of their own (src/vscode/godot). */
  get languageClient(): LanguageClient | undefined {
    return this.client;
  }

  get status(): ServerStatus | undefined {
    return this.last;
  }

  /** Starts the child; resolves once it answered initialize (or failed: then phase is `stopped`). */
  async start(): Promise<void> {
    if (this.client) return;
    const module = this.context.asAbsolutePath('dist/lsp-server.js');
    const run = { module, runtime: process.execPath, transport: TransportKind.ipc, options: { env: serverEnv(process.env) } };
    const serverOptions: ServerOptions = { run, debug: run };
    const { storageDir, ...live } = liveClientOptions(this.context);
    const clientOptions: LanguageClientOptions = {
      ...live,
      outputChannel: this.output,
      errorHandler: {
        error: () => ({ action: ErrorAction.Continue }),
        closed: () => {
          if (this.restarts.allow()) return { action: CloseAction.Restart, handled: true };
          this.update('stopped', undefined);
          return { action: CloseAction.DoNotRestart, message: this.restarts.gaveUpMessage };
        },
      },
      initializationOptions: {
        embeddings: vscode.workspace.getConfiguration('coderag').get<boolean>('embeddings.enabled', true),
        ...(storageDir ? { storageDir } : {}),
      } satisfies CodeRagOptions,
    };
    const client = new LanguageClient('coderag', 'CodeRAG', serverOptions, clientOptions);
    this.client = client;
    client.onNotification(STATUS_NOTIFICATION, (s: ServerStatus) => this.update('running', s));
    // The server's Godot model pass borrows the editor's models.
    client.onRequest(LM_CHAT_REQUEST, answerLmChat);
    client.onDidChangeState((e) => {
      // After a crash the client restarts the server itself: say so until the new one reports.
      if (e.newState === State.Stopped) this.update(this.phase === 'running' || this.phase === 'restarting' ? 'restarting' : 'stopped', undefined);
      else if (e.newState === State.Starting && this.phase !== 'running') this.update(this.phase === 'restarting' ? 'restarting' : 'starting', undefined);
    });
    this.update('starting', undefined);
    try {
      await client.start();
    } catch (err) {
      this.output.error(`CodeRAG server failed to start: ${(err as Error).message}`);
      this.update('stopped', undefined);
    }
  }

  /** Asks the server (the pushed status may lag by a notification). */
  async request(): Promise<ServerStatus | undefined> {
    if (this.client?.state !== State.Running) return this.last;
    const s = await this.client.sendRequest<ServerStatus>(STATUS_REQUEST);
    this.update('running', s);
    return s;
  }

  /** A request to the server; fails at once while it is not running (starting, restarting, stopped). */
  async send<R>(method: string, params?: unknown, token?: vscode.CancellationToken): Promise<R> {
    if (this.client?.state !== State.Running) throw new Error(`the CodeRAG server is not running (${this.phase}; CodeRAG: Show Index Log says why)`);
    // An undefined token must not be passed: vscode-jsonrpc would send [params, null] as the parameters.
    const args: unknown[] = [...(params === undefined ? [] : [params]), ...(token ? [token] : [])];
    return (this.client.sendRequest as (method: string, ...rest: unknown[]) => Promise<R>)(method, ...args);
  }

  private update(phase: ClientPhase, status: ServerStatus | undefined): void {
    this.phase = phase;
    if (status || phase !== 'running') this.last = status;
    this.listener(phase, this.last);
  }

  async dispose(): Promise<void> {
    await this.client?.stop().catch(() => undefined);
  }
}
