import { describe, expect, it } from 'vitest';
import { initialLocale, localeStorageKey, persistLocale } from './locale';

function storage(values: Record<string, string> = {}) {
  return {
    values,
    getItem: (key: string) => values[key] ?? null,
    setItem: (key: string, value: string) => {
      values[key] = value;
    },
  };
}

describe('initialLocale', () => {
  it('prefers the stored choice', () => {
    expect(initialLocale(storage({ [localeStorageKey]: 'en' }), ['ja-JP'])).toBe('en');
  });

  it.each([
    [['ja-JP', 'en'], 'ja'],
    [['en-US', 'ja'], 'en'],
    [['EN'], 'en'],
    [['fr-FR', 'en'], 'ja'],
    [[], 'ja'],
  ])('picks the browser language %j when it is ja or en, else ja', (languages, expected) => {
    expect(initialLocale(storage(), languages)).toBe(expected);
  });

  it('ignores a stored value that is not a language', () => {
    expect(initialLocale(storage({ [localeStorageKey]: 'de' }), ['en'])).toBe('en');
  });

  it('survives storage that throws', () => {
    const broken = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
    };
    expect(initialLocale(broken, ['en'])).toBe('en');
    expect(() => persistLocale(broken, 'en')).not.toThrow();
  });
});
