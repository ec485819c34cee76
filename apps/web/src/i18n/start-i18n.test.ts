import { describe, expect, test } from 'vitest';
import { startI18n } from './start-i18n';

describe('startI18n', () => {
  test('starts with the shell words of the visitor language and loads the other one on a switch', async () => {
    const i18n = await startI18n('ja');
    expect(i18n.t('shell.skipToContent')).toBe('本文へ移動');
    expect(i18n.hasResourceBundle('en', 'shell')).toBe(false);

    await i18n.changeLanguage('en');
    expect(i18n.t('shell.skipToContent')).toBe('Skip to content');
  });

  test('leaves the page namespace to the pages: it starts empty and takes what a page adds', async () => {
    const i18n = await startI18n('en');
    expect(i18n.getResourceBundle('en', 'translation')).toEqual({});
    i18n.addResourceBundle('en', 'translation', { page: { heading: 'Matters' } }, true, true);
    expect(i18n.t('page.heading')).toBe('Matters');
    // A key the page does not define falls back to the shell's words.
    expect(i18n.t('shell.skipToContent')).toBe('Skip to content');
  });
});
