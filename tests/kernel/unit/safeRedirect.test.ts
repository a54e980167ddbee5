import { describe, expect, it } from 'vitest';
import { safeRedirect } from '../../../src/shared/shell/safeRedirect.js';
import { hashPasswordForTransport } from '../../../src/shared/passwordHash.js';

describe('after sign-in', () => {
  it('follows only same-site paths', () => {
    expect(safeRedirect('/home?tab=1')).toBe('/home?tab=1');
    expect(safeRedirect('//evil.example/x')).toBe('/');
    expect(safeRedirect('https://evil.example')).toBe('/');
    expect(safeRedirect('/login?redirect=/home')).toBe('/');
    expect(safeRedirect(null)).toBe('/');
  });

  it('hashes the password as lowercase MD5 hex for transport', () => {
    expect(hashPasswordForTransport('admin123456')).toBe('a66abb5684c45962d887564f08346e8d');
  });
});
