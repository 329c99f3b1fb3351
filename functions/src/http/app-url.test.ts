import { describe, expect, it } from 'vitest';
import { appUrlFor } from './app-url.js';

describe('Where a user is sent back to', () => {
  it('Locally: the loopback origin the browser uses (localhost and 127.0.0.1 both work, any port)', () => {
    expect(appUrlFor('http://localhost:5000', 'http://127.0.0.1:5000')).toBe('http://127.0.0.1:5000');
    expect(appUrlFor('http://127.0.0.1:15000', 'http://localhost:15000')).toBe('http://localhost:15000');
    expect(appUrlFor('http://localhost:5000', 'http://[::1]:5173')).toBe('http://[::1]:5173');
    expect(appUrlFor('http://localhost:5000', undefined)).toBe('http://localhost:5000');
  });

  it('Never a non-loopback origin from a request, and deployed always the configured app URL', () => {
    expect(appUrlFor('http://localhost:5000', 'https://evil.example')).toBe('http://localhost:5000');
    expect(appUrlFor('http://localhost:5000', 'http://localhost.evil.example:5000')).toBe('http://localhost:5000');
    expect(appUrlFor('http://localhost:5000', 'null')).toBe('http://localhost:5000');
    expect(appUrlFor('https://charta.example', 'http://127.0.0.1:5000')).toBe('https://charta.example');
    expect(appUrlFor('https://charta.example', 'https://other.example')).toBe('https://charta.example');
  });
});
