// Writes .firebase.test.json: firebase.json with every emulator port moved up by 10000, so `npm test`
// can run while `npm start` (or anything else on the usual ports) is running. Prints the ports used.
import { readFileSync, writeFileSync } from 'node:fs';

const OFFSET = 10000;
const config = JSON.parse(readFileSync('firebase.json', 'utf8'));
for (const [name, emulator] of Object.entries(config.emulators)) {
  if (emulator && typeof emulator.port === 'number') config.emulators[name] = { ...emulator, port: emulator.port + OFFSET };
}
writeFileSync('.firebase.test.json', JSON.stringify(config, null, 2));
const ports = Object.values(config.emulators).filter((e) => e && e.port).map((e) => e.port);
console.log(ports.join(' '));
