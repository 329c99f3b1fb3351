import { execSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

// Every log line is written by a function in log-events.ts. Its parameters must be ids, codes and
// numbers: a field named like patient data is a review failure caught here.
const PHI_FIELD = /\b(patientName|name|displayName|email|transcript|text|content|note|audio|title|html|query)\??:/;

describe('log-events', () => {
  it('No log event takes a field that could carry patient data', () => {
    const source = readFileSync(new URL('./log-events.ts', import.meta.url), 'utf8');
    const signatures = source.match(/export function \w+\([^)]*\)/gs) ?? [];
    expect(signatures.length).toBeGreaterThan(3);
    for (const signature of signatures) expect(signature).not.toMatch(PHI_FIELD);
  });

  it('Nothing outside log-events.ts calls the logger directly', () => {
    // Direct logger calls would bypass the review point above.
    const hits = execSync(String.raw`grep -rnE "(logger|log)\.(info|warn|error)\(|console\.(log|info|warn|error)\(" --include=*.ts . || true`, {
      cwd: new URL('..', import.meta.url).pathname,
      encoding: 'utf8',
    })
      .split('\n')
      .filter((line) => line && !line.includes('.test.ts') && !line.startsWith('./logging/'));
    expect(hits).toEqual([]);
  });
});
