import { runCli } from './run-cli.ts';

// The command line as a process: its argv, environment and streams; Ctrl-C stops a command that
// runs until stopped (listen, tail).
const code = await runCli(process.argv.slice(2), {
  env: process.env,
  out: (text) => console.log(text),
  err: (text) => console.error(text),
  stopSignal: () => {
    const stop = new AbortController();
    process.once('SIGINT', () => stop.abort());
    process.once('SIGTERM', () => stop.abort());
    return stop.signal;
  },
});
process.exit(code);
