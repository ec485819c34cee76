import { describe, expect, it } from 'vitest';
import { createI18n } from './i18n';
import { loadDomainMessages } from './domain-messages';

/** What react-i18next 17's useTranslation hands a component: a fresh wrapper of the instance per mount. */
function wrapperOf<T extends object>(instance: T): T {
  return Object.create(
    Object.getPrototypeOf(instance) as object,
    Object.getOwnPropertyDescriptors(instance),
  ) as T;
}

describe('loadDomainMessages', () => {
  it('loads once per instance, whichever wrapper of it asks (a remounted component must not load again)', async () => {
    const i18n = createI18n({ locale: 'ja', onMissingKey: () => undefined });
    const first = loadDomainMessages(wrapperOf(i18n));
    expect(loadDomainMessages(wrapperOf(i18n))).toBe(first);
    expect(loadDomainMessages(i18n)).toBe(first);
    await first;
    expect(i18n.t('validation.required')).toBe('必須項目です');
  });
});
