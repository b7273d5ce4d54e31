import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { createInterface } from 'node:readline';
import { freePort } from '@wattle/local';
import { hangNet } from '../helpers/hang-net.ts';
import { killOnExit } from './kill-on-exit.ts';

/** moto's account when no other is named, and the region the rehearsal deploys to. */
export const motoAccount = '123456789012';
export const rehearsalRegion = 'ap-southeast-2';

/** What moto refused, as the launcher prints it (scripts/moto/launch.py). */
export interface Denial {
  principal: string;
  action: string;
  resource: string;
}

export interface Moto {
  /** `http://localhost:PORT`: CDK's asset publishing finds its bucket there, not on 127.0.0.1. */
  endpoint: string;
  /** Every refusal since the server started, in order. */
  denials: Denial[];
  /** Its output (the request lines and Python's errors), for a failure's report. */
  output: () => string;
  /** Turns IAM enforcement on (off while the stack is deployed and set up). */
  enforceIam(): Promise<void>;
  stop(): Promise<void>;
}

const launcher = 'scripts/moto/launch.py';

/**
 * python3's own executable and what it lacks of moto's server, found by one python3 start: the
 * rehearsal's later starts (moto, the code's unpacking) go to the executable itself, as a python3
 * on PATH may be a shim (pyenv's costs about 0.4 s of CPU a start). The modules are found, not
 * imported (moto's import is another 0.4 s; the server imports it).
 */
let python: { executable: string; missing: string[] } | { error: string } | undefined;
const findPython = () => {
  if (python) return python;
  const script = [
    'import importlib.util, sys',
    "missing = [m for m in ('moto', 'flask', 'flask_cors') if importlib.util.find_spec(m) is None]",
    "print(sys.executable, *missing, sep='\\n')",
  ].join('\n');
  const found = spawnSync('python3', ['-c', script], { encoding: 'utf8' });
  if (found.error) python = { error: 'python3 is not on PATH' };
  else if (found.status !== 0) python = { error: `python3 could not look for moto: ${found.stderr.trim()}` };
  else {
    const [executable, ...missing] = found.stdout.trim().split('\n');
    python = { executable: executable!, missing };
  }
  return python;
};

/** What keeps the rehearsal from running here, or null: python3 with moto importable. */
export const motoMissing = (): string | null => {
  const found = findPython();
  if ('error' in found) return found.error;
  const [missing] = found.missing;
  return missing ? `Python module ${missing} is not importable (pip install 'moto[server]')` : null;
};

/** The python3 executable to start (motoMissing found it). */
export const pythonExecutable = (): string => {
  const found = findPython();
  return 'executable' in found ? found.executable : 'python3';
};

const waitUntilUp = async (endpoint: string, child: ChildProcess): Promise<void> => {
  const deadline = Date.now() + hangNet(30_000);
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`moto exited (${child.exitCode}) before it answered`);
    try {
      if ((await fetch(`${endpoint}/moto-api/data.json`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('moto did not answer within 30 s');
};

/** One moto_server (through the launcher) on 127.0.0.1, a free port. */
export const startMoto = async (): Promise<Moto> => {
  const port = await freePort();
  const child = spawn(pythonExecutable(), [launcher, '-H', '127.0.0.1', '-p', String(port)], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  killOnExit(child);
  const denials: Denial[] = [];
  const lines: string[] = [];
  const keep = (line: string) => {
    lines.push(line);
    if (lines.length > 400) lines.shift();
  };
  createInterface({ input: child.stdout! }).on('line', (line) => {
    if (line.startsWith('moto-denied ')) {
      try {
        denials.push(JSON.parse(line.slice('moto-denied '.length)) as Denial);
      } catch {
        denials.push({ principal: 'unknown', action: 'an unreadable refusal', resource: line });
      }
    }
    keep(line);
  });
  createInterface({ input: child.stderr! }).on('line', keep);
  const endpoint = `http://localhost:${port}`;
  try {
    await waitUntilUp(endpoint, child);
  } catch (error) {
    child.kill();
    throw new Error(`${(error as Error).message}\n${lines.join('\n')}`);
  }
  return {
    endpoint,
    denials,
    output: () => lines.join('\n'),
    enforceIam: async () => {
      const answer = await fetch(`${endpoint}/moto-api/reset-auth`, {
        method: 'POST',
        headers: { 'content-type': 'text/plain' },
        body: '0',
      });
      if (!answer.ok) throw new Error(`moto refused to switch IAM on: ${answer.status}`);
    },
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
};
