import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { loadUiTexts } from '../src/i18n/load-ui-texts';

// findBy*/waitFor default to 1 s, too short when CI runs every suite side by side on 2 cores.
configure({ asyncUtilTimeout: 10_000 });

// Components render English at once, as an app that loads a language before rendering in it.
await loadUiTexts('en');

afterEach(() => {
  cleanup();
});

// jsdom has no canvas; axe-core probes it for icon ligatures. Answer "no canvas" instead of a noisy warning.
HTMLCanvasElement.prototype.getContext = (() => null) as typeof HTMLCanvasElement.prototype.getContext;
