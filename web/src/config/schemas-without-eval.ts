import { config } from 'zod';

/**
 * Schemas are interpreted, never compiled, in the browser: the app's Content-Security-Policy (firebase.json)
 * forbids eval, and zod otherwise probes `new Function` as it builds each object schema, a blocked call the
 * browser reports as a CSP violation on every load. Interpreting is fast enough for forms and API answers.
 * zod reads this setting when a schema is built, so main.tsx imports this module before anything that
 * imports the contract, and the web build puts it in one chunk with zod's core (vite.config.ts): the contract's schemas
 * sit in shared chunks that run before main.tsx's own code.
 */
config({ jitless: true });
