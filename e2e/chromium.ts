import { type Browser, chromium, type LaunchOptions } from 'playwright-core';

/**
 * The one way this repository starts Chromium: the Playwright suite (playwright.config.ts),
 * the screenshots script and the bench (Playwright and Lighthouse) all use these options.
 * Debian's chromium unless CHROMIUM_PATH says otherwise: nothing here downloads a browser.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export const CHROMIUM_LAUNCH_OPTIONS: LaunchOptions = { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true };

export function launchChromium(): Promise<Browser> {
  return chromium.launch(CHROMIUM_LAUNCH_OPTIONS);
}
