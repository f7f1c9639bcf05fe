// Runs before the app's modules: zod 4 otherwise probes `new Function('')` while its schemas are
// defined, which the CSP (script-src 'self', no 'unsafe-eval') reports as a violation on every page.
// A setting made from the bundle comes too late: the schemas' chunk runs before the entry's code.
globalThis.__zod_globalConfig = Object.assign(globalThis.__zod_globalConfig || {}, { jitless: true });
