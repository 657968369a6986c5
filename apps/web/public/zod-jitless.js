// A classic script that index.html runs before the app's modules. zod probes for eval with
// `new Function` when its first object schema is built, and the Content-Security-Policy refuses
// that (a reported violation); zod reads this global config when it loads, and in jitless mode
// it does not probe. It then validates without compiled checks.
globalThis.__zod_globalConfig = Object.assign(globalThis.__zod_globalConfig ?? {}, { jitless: true });
