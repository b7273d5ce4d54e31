import { createStore, documentClient } from '@wattle/store';

const noCipher = {
  seal: async (): Promise<string> => {
    throw new Error('Accounts hold no cards');
  },
  open: async (): Promise<string> => {
    throw new Error('Accounts hold no cards');
  },
};

/** A store over a table named on the command line (no card key: accounts hold no cards). */
export const tableStore = (table: string, endpoint: string | null) =>
  createStore(documentClient(endpoint ? { endpoint } : {}), table, noCipher);
