import { closeSync, fsyncSync, openSync, readFileSync, renameSync, writeSync } from 'node:fs';

/** What the stream pipe knows of one shard: the last record it is done with, or that it read it all. */
export interface ShardPosition {
  /** The sequence number of the last record forwarded (or filtered out): resume after it. */
  after?: string;
  /** Closed and read to its end: nothing more will come from it. */
  done?: true;
}

/** Where the stream pipe got to, kept in the data directory so a restart resumes there. */
export interface StreamPosition {
  /** The stream these shards belong to: a table made again has a new stream, and none of them. */
  streamArn: string;
  shards: Record<string, ShardPosition>;
}

const isPosition = (value: unknown): value is StreamPosition => {
  const candidate = value as StreamPosition | null;
  return (
    typeof candidate?.streamArn === 'string' &&
    typeof candidate.shards === 'object' &&
    candidate.shards !== null &&
    Object.values(candidate.shards).every(
      (shard) =>
        typeof shard === 'object' &&
        shard !== null &&
        (shard.after === undefined || typeof shard.after === 'string'),
    )
  );
};

/**
 * The saved position, or null when there is none to go by (no file yet, or one that cannot be read:
 * the pipe then starts over, and the fan-out takes the repeats once).
 */
export const loadStreamPosition = (file: string): StreamPosition | null => {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  try {
    const parsed: unknown = JSON.parse(text);
    return isPosition(parsed) ? parsed : null;
  } catch {
    return null;
  }
};

/**
 * Replaces the saved position at once: written to a temporary file (owner-only, flushed to disk),
 * then renamed over the old one, so a crash at any point leaves the old position or the new one,
 * never half of one.
 */
export const saveStreamPosition = (file: string, position: StreamPosition): void => {
  const temporary = `${file}.tmp`;
  const fd = openSync(temporary, 'w', 0o600);
  try {
    writeSync(fd, `${JSON.stringify(position)}\n`);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  renameSync(temporary, file);
};
