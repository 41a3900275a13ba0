import { describe, expect, it } from 'vitest';
import { normalizeBaseUrl, resolveBaseUrl } from '../../../src/widget/rules/base-url.ts';

describe('normalizeBaseUrl', () => {
  it('trims whitespace and trailing slashes', () => {
    expect(normalizeBaseUrl(' https://api.example.fi/// ')).toBe('https://api.example.fi');
    expect(normalizeBaseUrl('http://localhost:3000/')).toBe('http://localhost:3000');
    expect(normalizeBaseUrl('https://example.fi/calc/')).toBe('https://example.fi/calc');
  });

  it('accepts only http and https URLs', () => {
    expect(normalizeBaseUrl('ftp://example.fi')).toBeNull();
    expect(normalizeBaseUrl('javascript:alert(1)')).toBeNull();
    expect(normalizeBaseUrl('example.fi')).toBeNull();
    expect(normalizeBaseUrl('')).toBeNull();
    expect(normalizeBaseUrl(null)).toBeNull();
    expect(normalizeBaseUrl(undefined)).toBeNull();
  });
});

describe('resolveBaseUrl', () => {
  it('prefers the saved value, then the argument, then the build default', () => {
    expect(resolveBaseUrl({ saved: 'https://saved.fi/', argument: 'https://arg.fi', buildDefault: 'https://default.fi' })).toEqual({
      url: 'https://saved.fi',
      fromEmbedding: true,
    });
    expect(resolveBaseUrl({ saved: null, argument: 'https://arg.fi/', buildDefault: 'https://default.fi' })).toEqual({
      url: 'https://arg.fi',
      fromEmbedding: true,
    });
    expect(resolveBaseUrl({ saved: null, argument: undefined, buildDefault: 'https://default.fi/' })).toEqual({
      url: 'https://default.fi',
      fromEmbedding: false,
    });
  });

  it('skips a source that is not a usable URL', () => {
    expect(resolveBaseUrl({ saved: 'not a url', argument: 'https://arg.fi', buildDefault: '' }).url).toBe('https://arg.fi');
    expect(resolveBaseUrl({ saved: 'ftp://x', argument: 'file:///tmp', buildDefault: '' })).toEqual({
      url: null,
      fromEmbedding: false,
    });
  });
});
