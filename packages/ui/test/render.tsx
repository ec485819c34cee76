import { render } from '@testing-library/react';
import type { RenderOptions } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import type { ReactElement } from 'react';
import { expect } from 'vitest';
import { UiProvider } from '../src/provider/UiProvider';
import type { UiLocale } from '../src/i18n';

/** Renders inside `UiProvider` and returns a user-event instance with the queries. */
export function renderUi(
  ui: ReactElement,
  options: { locale?: UiLocale } & Omit<RenderOptions, 'wrapper'> = {},
) {
  const { locale = 'ja', ...rest } = options;
  const user = userEvent.setup();
  const result = render(ui, {
    wrapper: ({ children }) => <UiProvider locale={locale}>{children}</UiProvider>,
    ...rest,
  });
  return { user, ...result };
}

/**
 * Runs axe-core on the document. jsdom has no layout, so colour contrast is checked in the
 * browser story tests instead; `region` is off because a component alone has no landmarks.
 */
export async function expectNoAxeViolations(root: Element = document.body) {
  const results = await axe.run(root, {
    rules: { 'color-contrast': { enabled: false }, region: { enabled: false } },
  });
  const summary = results.violations.map(
    (v) => `${v.id} (${v.impact ?? 'unknown'}): ${v.help}\n  ${v.nodes.map((n) => n.html).join('\n  ')}`,
  );
  expect(summary).toEqual([]);
}
