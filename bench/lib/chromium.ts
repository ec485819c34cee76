import { chromium, type Browser } from 'playwright-core';

/** The system Chromium the benches drive (CHROMIUM_PATH elsewhere). */
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * Headless Chromium as this machine runs it: no sandbox (root in a container), no GPU, and none
 * of the background traffic (updates, sync) that would add to the bytes and CPU measured.
 */
export function launchChromium(executablePath = chromiumPath): Promise<Browser> {
  return chromium.launch({
    executablePath,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}
