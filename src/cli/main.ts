// The `coderag` binary's entry: this process is ours, so it is tuned for the parse workers it may
// start, and the commands write to its streams.
import { tuneJitForIndexing } from '../core/service/api';
import { runCli } from './commands';
import { processIo } from './io';

tuneJitForIndexing();
void runCli(process.argv.slice(2), processIo()).then((code) => {
  process.exitCode = code;
});
