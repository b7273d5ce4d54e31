/** CPU time of processes other than this one, from /proc (Linux): the service and DynamoDB Local's JVM. */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

const ticksPerSecond = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
})();

interface Stat {
  pid: number;
  ppid: number;
  name: string;
  cpuMs: number;
}

const stat = (pid: number): Stat | null => {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const close = text.lastIndexOf(')');
    const name = text.slice(text.indexOf('(') + 1, close);
    const fields = text.slice(close + 2).split(' ');
    // After the name: state(0) ppid(1) … utime(11) stime(12)
    const ticks = Number(fields[11]) + Number(fields[12]);
    return { pid, ppid: Number(fields[1]), name, cpuMs: (ticks * 1000) / ticksPerSecond };
  } catch {
    return null;
  }
};

/** The pids of every process below `root` named `name` (e.g. the `java` of DynamoDB Local). */
export const descendantsNamed = (root: number, name: string): number[] => {
  const all = readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .map((entry) => stat(Number(entry)))
    .filter((s): s is Stat => s !== null);
  const children = new Map<number, Stat[]>();
  for (const s of all) children.set(s.ppid, [...(children.get(s.ppid) ?? []), s]);
  const found: number[] = [];
  const walk = (pid: number) => {
    for (const child of children.get(pid) ?? []) {
      if (child.name === name) found.push(child.pid);
      walk(child.pid);
    }
  };
  walk(root);
  return found;
};

/** CPU time used so far by these processes together, in ms. */
export const cpuMsOf = (pids: number[]): number =>
  pids.reduce((sum, pid) => sum + (stat(pid)?.cpuMs ?? 0), 0);

/** CPU time used so far by this process, in ms. */
export const ownCpuMs = (): number => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};
