// Starts the built Paylane app for the e2e run on a fresh, throw-away embedded database.
// Playwright's webServer runs this; it sends SIGTERM at the end, the server closes and exits, and the
// 'exit' hook below removes the temporary DATA_DIR so runs never share state.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'paylane-e2e-'));
process.env.DATA_DIR = dataDir;
// Always the embedded database, even when the shell exports DATABASE_URL (see playwright.config.ts).
delete process.env.DATABASE_URL;
process.on('exit', () => rmSync(dataDir, { recursive: true, force: true }));
console.log(`[e2e] embedded PGlite in ${dataDir}`);

// The compiled API (`npm run test:e2e` builds it), as `npm start` runs it; a computed specifier keeps tsc out.
const serverEntry = path.resolve(import.meta.dirname, '../../apps/api/dist/server.js');
await import(pathToFileURL(serverEntry).href);
