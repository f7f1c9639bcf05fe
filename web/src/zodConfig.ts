import { config } from 'zod/mini';

// zod 4 probes `new Function('')` for its fast path; the CSP (script-src 'self') forbids it. This
// module is imported first by main.tsx, so it runs before any schema parses. (zod/mini and zod share
// this one global configuration; importing it from zod/mini keeps zod's full API out of the entry.)
config({ jitless: true });
