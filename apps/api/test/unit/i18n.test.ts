import { describe, expect, test } from 'vitest';
import { localeFromAcceptLanguage, serverKey, translate } from '../../src/http/i18n.js';

describe('caller language', () => {
  test.each([
    [undefined, 'ja'],
    ['', 'ja'],
    ['en', 'en'],
    ['en-US,en;q=0.9', 'en'],
    ['fr-FR,en;q=0.8,ja;q=0.9', 'ja'],
    ['de', 'ja'],
    ['ja-JP', 'ja'],
    ['en;q=0.2, fr', 'en'],
  ])('Accept-Language %j -> %s', (header, locale) => {
    expect(localeFromAcceptLanguage(header)).toBe(locale);
  });

  test('domain and server keys are translated with parameters', () => {
    expect(translate('en', { key: 'validation.tooLong', params: { max: 50 } })).toBe(
      'Use at most 50 characters',
    );
    expect(translate('ja', { key: serverKey('bodyTooLarge'), params: { max: 10 } })).toBe(
      'リクエストの本文が大きすぎます（上限 10 バイト）',
    );
    expect(translate('ja', { key: 'apiError.projectRegistrationFailed' })).toBe('案件の登録に失敗しました');
  });
});
