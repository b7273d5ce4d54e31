import type { ChildProcess } from 'node:child_process';

const children = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of children) child.kill();
});

/** The rehearsal's processes (moto, the functions) never outlive it, however it ends. */
export const killOnExit = (child: ChildProcess): void => {
  children.add(child);
  child.once('exit', () => children.delete(child));
};
