import { apiCommandHelp, apiCommandNames, apiUsage } from './api-args.ts';
import { accountCommandHelp, usage } from './args.ts';
import { resourcePaths } from './resources.ts';
import { didYouMean } from './suggest.ts';

/** `npm run wattle -- --help`: every command, the everyday ones first, the account admin last. */
export const fullUsage = `${apiUsage}\n\nAccount admin:\n\n${usage}`;

/** Every word a command line can start with. */
export const commandWords: readonly string[] = [
  ...new Set([
    ...apiCommandNames,
    'accounts',
    'merchants',
    'customers',
    'migrate',
    'help',
    ...Object.keys(resourcePaths),
  ]),
];

/** `COMMAND --help` (or `help COMMAND`): that command's help; every command's without one. */
export const helpFor = (word: string | undefined): string => {
  if (word === undefined || word === 'help') return fullUsage;
  if (word === 'accounts' || word === 'merchants' || word === 'migrate') return accountCommandHelp(word);
  // `customers` is a resource to read and the backfill's word.
  if (word === 'customers') return `${accountCommandHelp(word)}\n\n${apiCommandHelp(word)}`;
  return apiCommandHelp(word.replace(/-/g, '_')) ?? fullUsage;
};

/** Whether `word` starts a command line this CLI knows. */
export const isCommandWord = (word: string): boolean => commandWords.includes(word.replace(/-/g, '_'));

/** The error for a first word that is no command, with the nearest one when it looks like a slip. */
export const unknownCommand = (word: string): string =>
  `Unknown command "${word}".${didYouMean(word, commandWords)} npm run wattle -- --help lists them.`;
