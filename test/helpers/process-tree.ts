import { execFileSync } from 'node:child_process';

/** The processes descending from `root` (its children, theirs…), with their command names. */
export const descendantsOf = (root: number): { pid: number; command: string }[] => {
  const table = execFileSync('ps', ['-e', '-o', 'pid=,ppid=,comm='], { encoding: 'utf8' })
    .trim()
    .split('\n')
    .map((line) => line.trim().split(/\s+/))
    .map(([pid, ppid, command]) => ({ pid: Number(pid), ppid: Number(ppid), command: command ?? '' }));
  const found: { pid: number; command: string }[] = [];
  const parents = new Set([root]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const row of table)
      if (parents.has(row.ppid) && !parents.has(row.pid)) {
        parents.add(row.pid);
        found.push({ pid: row.pid, command: row.command });
        grew = true;
      }
  }
  return found;
};
