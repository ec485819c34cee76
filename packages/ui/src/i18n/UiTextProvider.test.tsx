import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

describe('UiTextProvider', () => {
  it('shows a language whose texts are not loaded in Japanese, then in that language once they arrive', async () => {
    // Fresh modules: the test set-up has loaded English already.
    vi.resetModules();
    const { UiTextProvider, useTexts } = await import('./UiTextProvider');
    const { loadUiTexts } = await import('./load-ui-texts');
    function Close() {
      return <span>{useTexts().close}</span>;
    }
    render(
      <UiTextProvider locale="en">
        <Close />
      </UiTextProvider>,
    );
    expect(screen.getByText('閉じる')).toBeInTheDocument();
    expect(await screen.findByText('Close')).toBeInTheDocument();
    // Loaded once: the next English provider has them at once.
    expect((await loadUiTexts('en')).close).toBe('Close');
  });
});
