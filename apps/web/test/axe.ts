import axe from 'axe-core';
import { expect } from 'vitest';

// jsdom has no canvas; axe-core probes it for icon ligatures. Answer "no canvas" instead of a noisy warning.
HTMLCanvasElement.prototype.getContext = (() => null) as typeof HTMLCanvasElement.prototype.getContext;

/**
 * Runs axe-core on a rendered page (or a part of it). jsdom has no layout, so colour contrast is
 * left to the browser tests (Storybook, e2e).
 */
export async function expectNoAxeViolations(root: Element = document.body): Promise<void> {
  const results = await axe.run(root, { rules: { 'color-contrast': { enabled: false } } });
  const summary = results.violations.map(
    (v) => `${v.id} (${v.impact ?? 'unknown'}): ${v.help}\n  ${v.nodes.map((n) => n.html).join('\n  ')}`,
  );
  expect(summary).toEqual([]);
}
