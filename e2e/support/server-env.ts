/** Where Playwright runs the app under test; the devnet's deploy manifest lives under its data dir. */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 8188);
export const E2E_DATA_DIR = process.env.E2E_DATA_DIR ?? '/tmp/floordesk-e2e';
