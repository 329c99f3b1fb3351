// `npm run build:extension`: the Chrome (Manifest V3) extension in extension/dist, loadable unpacked.
// The side panel is the web app itself (web/src) built in extension mode: bundled, no remote code, the
// compact layout, Firebase Auth's web-extension build. Environment:
//   CHARTA_EXTENSION_MODE  Vite mode whose web/.env.<mode> is read: "production" (default) or "emulator"
//   VITE_API_BASE_URL      the deployed Charta the extension talks to (required; emulator default
//                          http://127.0.0.1:5000), and every other VITE_* the web build reads
//   CHARTA_EXTENSION_OUT   output folder (default extension/dist; tests build their own)
import { readFile, rename, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { URL } from 'node:url';
import { build as bundle } from 'esbuild';
import { build as viteBuild, loadConfigFromFile, loadEnv, mergeConfig } from 'vite';

const here = import.meta.dirname;
const web = resolve(here, '../web');
const out = resolve(process.env.CHARTA_EXTENSION_OUT ?? join(here, 'dist'));
const mode = process.env.CHARTA_EXTENSION_MODE ?? 'production';

// Variables already in the environment win over web/.env.<mode> (Vite's rule), so these hold.
process.env.VITE_EXTENSION_MODE = 'true';
if (mode === 'emulator') process.env.VITE_API_BASE_URL ||= 'http://127.0.0.1:5000';
const env = loadEnv(mode, web, 'VITE_');
const apiBase = env.VITE_API_BASE_URL ?? '';
if (!/^https?:\/\//.test(apiBase)) {
  console.error('charta: set VITE_API_BASE_URL to the Charta the extension talks to (e.g. https://charta.example.org): an extension page has no same-origin API');
  process.exit(1);
}

// The panel page: the web app's own Vite config, with `firebase/auth` pointed at the web-extension build
// (exact name only, so the shim's own import of firebase/auth/web-extension resolves normally). The web's
// per-route download budgets are left out: the panel loads from the extension's files, not the network.
const { config: webConfig } = await loadConfigFromFile({ command: 'build', mode }, join(web, 'vite.config.ts'));
webConfig.plugins = (webConfig.plugins ?? []).flat(Infinity).filter((plugin) => plugin && plugin.name !== 'charta-route-budgets');
await viteBuild(
  mergeConfig(webConfig, {
    configFile: false,
    root: web,
    mode,
    base: './',
    logLevel: 'warn',
    resolve: { alias: [{ find: /^firebase\/auth$/, replacement: join(here, 'src/firebase-auth.ts') }] },
    build: { outDir: out, emptyOutDir: true },
  }),
);
await rename(join(out, 'index.html'), join(out, 'sidepanel.html'));

await bundle({ entryPoints: [join(here, 'src/service-worker.ts')], bundle: true, format: 'esm', target: 'chrome120', outfile: join(out, 'service-worker.js'), logLevel: 'warning' });

// Host access: the API (and the local Auth emulator) at install, since the panel calls them on every use;
// EHR pages only when the clinician asks, for that page's origin (optional_host_permissions). An emulator
// build runs everything on this machine, so it may reach localhost on any port (the sample EHR included).
const origins = (url) => `${new URL(url).origin}/*`;
const hostPermissions =
  mode === 'emulator' || env.VITE_USE_EMULATORS === 'true' ? ['http://localhost/*', 'http://127.0.0.1/*'] : [origins(apiBase)];
const version = JSON.parse(await readFile(join(here, '../package.json'), 'utf8')).version;
const manifest = {
  manifest_version: 3,
  name: 'Charta',
  description: 'Clinical documentation beside your EHR: record the session, then fill the EHR’s fields from the note.',
  version,
  minimum_chrome_version: '116',
  action: { default_title: 'Open Charta' },
  side_panel: { default_path: 'sidepanel.html' },
  background: { service_worker: 'service-worker.js', type: 'module' },
  permissions: ['sidePanel', 'storage', 'activeTab', 'scripting'],
  host_permissions: hostPermissions,
  optional_host_permissions: ['https://*/*', 'http://*/*'],
  // Manifest V3's own policy, said out loud: only the extension's bundled scripts run.
  content_security_policy: { extension_pages: "script-src 'self'; object-src 'self'" },
};
await writeFile(join(out, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
console.log(`charta: extension built in ${out} (API ${apiBase}, mode ${mode})`);
