/** `npm start`: the reference server (serve.ts). */
import { serve } from './serve.ts';

await serve();
