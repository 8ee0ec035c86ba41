import { chmodSync, existsSync, lstatSync, mkdirSync, readdirSync } from 'node:fs';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

// DATA_DIR holds the embedded database, the generated signing secret and uploaded media: other users of the
// machine have no business reading any of it.
const PRIVATE_DIR_MODE = 0o700;
const PRIVATE_FILE_MODE = 0o600;

/**
 * Makes DATA_DIR private before anything writes to it: the folder 0700 (what keeps other users out of
 * everything inside), what is already there tightened, and this process's umask 077 for our own files.
 */
export function lockDownDataDir(dataDir: string): void {
  process.umask(0o077);
  mkdirSync(dataDir, { recursive: true, mode: PRIVATE_DIR_MODE });
  tightenDataDir(dataDir);
}

/**
 * Folders 0700 and files 0600 under DATA_DIR. PGlite's WebAssembly file system creates its files 0666
 * whatever the umask, so embedded processes run this after migrating and then hourly (modules/maintenance);
 * between passes the folder's own 0700 keeps newer files out of other users' reach.
 */
export function tightenDataDir(dataDir: string): void {
  if (existsSync(dataDir)) tighten(dataDir);
}

function tighten(entryPath: string): void {
  const stats = lstatSync(entryPath);
  if (stats.isSymbolicLink()) return;
  if (!stats.isDirectory()) {
    if ((stats.mode & 0o077) !== 0) chmodSync(entryPath, PRIVATE_FILE_MODE);
    return;
  }
  if ((stats.mode & 0o077) !== 0) chmodSync(entryPath, PRIVATE_DIR_MODE);
  for (const name of readdirSync(entryPath)) tighten(path.join(entryPath, name));
}

/**
 * Writes a new file readable by this process's user only; refuses to overwrite (names are random). Chunks are
 * written as they come: if they stop with an error (a size limit, a client gone), no partial file is left.
 */
export async function writePrivateFile(
  filePath: string,
  data: Uint8Array | AsyncIterable<Uint8Array>,
): Promise<void> {
  await mkdir(path.dirname(filePath), { recursive: true, mode: PRIVATE_DIR_MODE });
  try {
    await writeFile(filePath, data, { flag: 'wx', mode: PRIVATE_FILE_MODE });
  } catch (error) {
    // EEXIST: the file is someone else's (never, with random names); anything else left ours half written.
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') await rm(filePath, { force: true });
    throw error;
  }
}
