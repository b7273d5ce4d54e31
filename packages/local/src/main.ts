/** `npm start`: the local stack in the foreground (start-command.ts says what it takes). */
import { runStartCommand } from './start-command.ts';

await runStartCommand(process.argv.slice(2), 'npm start --');
