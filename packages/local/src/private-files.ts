import { chmodSync, lstatSync, mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

const gone = (error: unknown): boolean => (error as NodeJS.ErrnoException).code === 'ENOENT';

/** 0700 on `path` if it is a directory (and everything below), 0600 if a file; links left alone. */
const restrict = (path: string): void => {
  try {
    const stat = lstatSync(path);
    if (stat.isDirectory()) {
      if ((stat.mode & 0o777) !== 0o700) chmodSync(path, 0o700);
      for (const name of readdirSync(path)) restrict(join(path, name));
    } else if (stat.isFile() && (stat.mode & 0o777) !== 0o600) chmodSync(path, 0o600);
  } catch (error) {
    // SQLite's journals come and go while the databases run.
    if (!gone(error)) throw error;
  }
};

/**
 * The data directory holds the card key, the seeded keys in clear and the whole table: readable by
 * its owner only. Creates `dir` if missing and sets 0700 on it and every directory below, 0600 on
 * every file, so a directory made by an older version (or under another umask) is fixed at start.
 * Symbolic links are not followed: chmod through one could reach out of the directory.
 */
export const makePrivate = (dir: string): void => {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  restrict(dir);
};
