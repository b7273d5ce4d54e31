import { describeStoreContract } from '../contract/store-contract.ts';
import { useTable } from '../helpers/table.ts';

/** The store's contract (test/contract) on the DynamoDB store, over DynamoDB Local. */
const table = useTable();
describeStoreContract(() => table.store);
