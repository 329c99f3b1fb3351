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
writeFileSync(OFFSET === 10000 ? '.firebase.test.json' : `.firebase.test-${OFFSET}.json`, JSON.stringify(config, null, 2));
const ports = Object.values(config.emulators).filter((e) => e && e.port).map((e) => e.port);
console.log(ports.join(' '));
