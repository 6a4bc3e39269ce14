// The language-server process as the extension starts it (bundled as dist/lsp-server.js).
import { runServer } from './main';

runServer();
