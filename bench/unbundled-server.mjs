// The server as `npm start` runs it, but from its file-by-file compiled form (build/, beside the
// bundle build/server/main.js): the same code, each module in a file of its own, so that a CPU
// profile (bench/profile.ts) can tell the packages and the server's folders apart by file.
import { serve } from '../build/server/serve.js';

await serve();
