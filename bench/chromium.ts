/** The system Chromium the bench and the browser tests drive. */
export const CHROMIUM_PATH = process.env.CHROME_PATH || '/usr/bin/chromium';

/** Flags for Chromium in a container: no sandbox, GPU or background traffic. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
