import { z } from 'zod';

// zod 4 probes `new Function('')` for its fast path; the CSP (script-src 'self') forbids it. This
// module is imported first by main.tsx, so it runs before any schema parses.
z.config({ jitless: true });
