// Imported first by main.ts, before any schema is built: the page's CSP allows no eval, and zod
// probes for it with a `new Function` when its first object schema is made (caught, but still
// reported as a CSP violation). Without it, zod checks payloads without compiling them.
import { config } from 'zod';

config({ jitless: true });
