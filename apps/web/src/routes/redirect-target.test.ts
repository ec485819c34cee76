import { describe, expect, it } from 'vitest';
import { safeRedirectTarget } from './redirect-target';

const origin = 'https://portal.example.com';

describe('safeRedirectTarget', () => {
  it.each([
    ['/requests?x=1', '/requests?x=1'],
    ['/requests/p/r/mails#top', '/requests/p/r/mails#top'],
    ['/', '/'],
  ])('accepts the same-origin path %s', (value, expected) => {
    expect(safeRedirectTarget(value, origin)).toBe(expected);
  });

  it.each([
    null,
    '',
    'https://evil.example.com/',
    '//evil.example.com/x',
    '/\\evil.example.com',
    'javascript:alert(1)',
    'requests',
  ])('refuses %s', (value) => {
    expect(safeRedirectTarget(value, origin)).toBeNull();
  });
});
