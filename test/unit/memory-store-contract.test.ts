import { createMemoryStore } from '@wattle/memory-store';
import { describeStoreContract } from '../contract/store-contract.ts';
import { fakeCipher } from '../fakes/cipher.ts';

/** The store's contract (test/contract) on the in-memory store. */
const store = createMemoryStore({ cipher: fakeCipher() });
describeStoreContract(() => store);
