// Writes the emulator config the tests run on: firebase.json with every emulator port moved up by
// CHARTA_TEST_PORT_OFFSET (default 10000), so `npm test` can run while `npm start` (or anything else on the
// usual ports) is running, and several developers' focused runs (`npm run test:some`) can run side by side,
// each on its own offset. Writes .firebase.test.json (another offset: .firebase.test-<offset>.json) and
// prints the ports used.
import { readFileSync, writeFileSync } from 'node:fs';

const OFFSET = Number(process.env['CHARTA_TEST_PORT_OFFSET'] ?? 10000);
if (!Number.isInteger(OFFSET) || OFFSET < 1000 || OFFSET > 50000) {
  console.error(`CHARTA_TEST_PORT_OFFSET must be a whole number from 1000 to 50000, not ${process.env['CHARTA_TEST_PORT_OFFSET']}`);
  process.exit(1);
}
const config = JSON.parse(readFileSync('firebase.json', 'utf8'));
for (const [name, emulator] of Object.entries(config.emulators)) {
  if (emulator && typeof emulator.port === 'number') config.emulators[name] = { ...emulator, port: emulator.port + OFFSET };
}
// The web app's Content-Security-Policy lets it reach the Auth emulator on its usual port: follow the offset.
const csp = (config.hosting.headers ?? []).flatMap((rule) => rule.headers).filter((h) => h.key === 'Content-Security-Policy');
for (const header of csp) header.value = header.value.replaceAll('http://127.0.0.1:9099', `http://127.0.0.1:${config.emulators.auth.port}`);
// A web build of one's own (built for this offset's Auth emulator), so a focused end-to-end run leaves the
// shared web/dist alone.
if (process.env['CHARTA_WEB_DIST']) config.hosting.public = process.env['CHARTA_WEB_DIST'];
writeFileSync(OFFSET === 10000 ? '.firebase.test.json' : `.firebase.test-${OFFSET}.json`, JSON.stringify(config, null, 2));
const ports = Object.values(config.emulators).filter((e) => e && e.port).map((e) => e.port);
console.log(ports.join(' '));
