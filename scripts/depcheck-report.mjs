// Prints dependency-cruiser's verdict (its JSON on stdin) for people: each import cycle once, with the
// imports (file -> file) that make each hop, and the hop every cycle shares when one import caused them all.
// Exits non-zero when a rule of dependency-cruiser.config.mjs is broken. Used by `npm run depcheck`.
import { readFileSync } from 'node:fs';
import { dirname } from 'node:path';

const input = readFileSync(0, 'utf8');
if (!input.trim()) {
  console.error('depcheck: dependency-cruiser printed nothing (see its error above)');
  process.exit(2);
}
const result = JSON.parse(input);
const { violations, totalCruised } = result.summary;
const rules = new Map((result.summary.ruleSetUsed?.forbidden ?? []).map((rule) => [rule.name, rule]));

if (violations.length === 0) {
  console.log(`depcheck: no import cycles and no layer breaches (${totalCruised} modules)`);
  process.exit(0);
}

/** Imports from one module or folder into another, as "file imports file" lines. */
function importsBetween(from, to, scope) {
  const inFrom = (path) => (scope === 'folder' ? dirname(path) === from : path === from);
  const inTo = (path) => (scope === 'folder' ? dirname(path) === to : path === to);
  const lines = [];
  for (const module of result.modules) {
    if (!inFrom(module.source)) continue;
    for (const dep of module.dependencies) if (inTo(dep.resolved)) lines.push(`${module.source} imports ${dep.resolved}`);
  }
  return lines;
}

/** A cycle's members, starting from the smallest name, so the same cycle found from each member is one. */
function normalised(members) {
  const start = members.indexOf([...members].sort()[0]);
  return [...members.slice(start), ...members.slice(0, start)];
}

const short = (name) => name.replace(/^(functions|web|contract)\/src\//, '$1:');
let failed = false;
let problems = 0;

for (const [ruleName, group] of Object.entries(Object.groupBy(violations, (v) => v.rule.name))) {
  const rule = rules.get(ruleName) ?? {};
  const scope = rule.scope ?? 'module';
  if (group.some((v) => v.rule.severity === 'error')) failed = true;
  const cycles = new Map();
  const breaches = [];
  for (const violation of group) {
    if (violation.cycle) {
      const members = normalised([violation.from, ...violation.cycle.map((c) => c.name).slice(0, -1)]);
      cycles.set(members.join(' > '), members);
    } else {
      breaches.push(violation);
    }
  }

  console.error(`\n✘ ${ruleName}: ${cycles.size > 0 ? `${cycles.size} import cycle${cycles.size > 1 ? 's' : ''}` : `${breaches.length} forbidden import${breaches.length > 1 ? 's' : ''}`}`);
  const hopCounts = new Map();
  // Shortest first: they point at the import to remove; the long ones are mostly the same hops again.
  const MAX_SHOWN = 4;
  [...cycles.values()].sort((a, b) => a.length - b.length).forEach((members, shown) => {
    members.forEach((from, i) => {
      const hop = `${from} > ${members[(i + 1) % members.length]}`;
      hopCounts.set(hop, (hopCounts.get(hop) ?? 0) + 1);
    });
    if (shown >= MAX_SHOWN) return;
    console.error(`\n  ${[...members, members[0]].map(short).join(' → ')}`);
    members.forEach((from, i) => {
      const to = members[(i + 1) % members.length];
      const lines = importsBetween(from, to, scope);
      for (const line of lines.slice(0, 3)) console.error(`    ${line}`);
      if (lines.length > 3) console.error(`    ... and ${lines.length - 3} more from ${short(from)} to ${short(to)}`);
    });
  });
  if (cycles.size > MAX_SHOWN) console.error(`\n  ... and ${cycles.size - MAX_SHOWN} longer cycle(s) (\`npx depcruise --config dependency-cruiser.config.mjs functions/src\` lists them all)`);
  problems += cycles.size + breaches.length;
  for (const breach of breaches) console.error(`\n  ${breach.from} imports ${breach.to}`);

  const shared = [...hopCounts].filter(([, count]) => count === cycles.size).map(([hop]) => hop);
  if (cycles.size > 1 && shared.length > 0) {
    console.error(`\n  Every one of these cycles goes through ${shared.map((hop) => hop.split(' > ').map(short).join(' → ')).join(' and ')}: start there.`);
  }
  if (rule.comment) console.error(`\n  ${rule.comment}`);
}

console.error(`\ndepcheck: ${problems} problem(s) against the rules in dependency-cruiser.config.mjs (${totalCruised} modules cruised)`);
process.exit(failed ? 1 : 0);
