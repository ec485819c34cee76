import { describe, expect, it, vi } from 'vitest';
import { loadDomainMessages } from './domain-messages';
import { createI18n, missingKeyPlaceholder } from './i18n';

describe('createI18n', () => {
  it('translates the app keys and the product name in both languages', async () => {
    const i18n = createI18n({ locale: 'en' });
    expect(i18n.t('route.requests')).toBe('Request management');
    expect(i18n.t('product.name')).toBe('IP Portal');
    await i18n.changeLanguage('ja');
    expect(i18n.t('route.requests')).toBe('依頼管理');
  });

  it('adds the domain messages on demand', async () => {
    const i18n = createI18n({ locale: 'en', onMissingKey: () => undefined });
    await loadDomainMessages(i18n);
    expect(i18n.t('apiError.userFetchFailed')).toBe('Failed to fetch the user');
    expect(i18n.t('region.202')).toBe('PCT (international application)');
    expect(i18n.t('route.requests')).toBe('Request management');
    await i18n.changeLanguage('ja');
    expect(i18n.t('validation.required')).not.toContain('⟦');
  });

  it('shows a visible placeholder for a missing key and warns once', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const i18n = createI18n({ locale: 'ja' });
    expect(i18n.t('no.such.key')).toBe(missingKeyPlaceholder('no.such.key'));
    expect(i18n.t('no.such.key')).toBe('⟦no.such.key⟧');
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0]?.[0]).toContain('no.such.key');
  });
});
