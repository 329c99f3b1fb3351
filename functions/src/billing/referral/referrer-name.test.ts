import { describe, expect, it } from 'vitest';
import { referrerShortName } from './referrer-name.js';

describe('referrerShortName', () => {
  it.each([
    ['Maria Garcia', 'Maria G.'],
    ['  María José García López ', 'María L.'],
    ['Dr. Maria garcía', 'Maria G.'],
    ['Prof Ana', 'Ana'],
    ['Ana', 'Ana'],
    ['', 'a colleague'],
    ['Dr', 'a colleague'],
    ['Zoë 𝒜bbott', 'Zoë 𝒜.'],
  ])('%j → %j', (displayName, expected) => {
    expect(referrerShortName(displayName)).toBe(expected);
  });
});
