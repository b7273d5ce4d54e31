import { decodeEventData } from '../../../packages/store/src/kernel/event-data.ts';
import { type LocalTableRef, scanLocalTable } from '../harness/table-snapshot.ts';
import { type CardDataFind, findCardData, findKeptCvc } from './find-card-data.ts';

/** An item as text to search: an event's compressed data inflated, so nothing hides in it. */
const readable = (item: Record<string, unknown>): string =>
  JSON.stringify(item._et === 'event' ? { ...item, data: decodeEventData(item.data) } : item);

/** Card data in clear in any item of a table (each item read as its JSON), or a CVC kept sealed past its authorisation. */
export const findCardDataInTable = async (stack: LocalTableRef, tableName: string): Promise<CardDataFind[]> =>
  (await scanLocalTable(stack, tableName)).flatMap((item) => {
    const where = `${tableName} item ${item.pk} | ${item.sk}`;
    return [...findCardData(readable(item), where), ...findKeptCvc(item, String(item._et), where)];
  });

/** Card data in clear in log text, line by line. */
export const findCardDataInLogs = (logs: string, name: string): CardDataFind[] =>
  logs.split('\n').flatMap((line, i) => findCardData(line, `${name} line ${i + 1}`));

/**
 * Card data in clear in any record a memory-engine stack holds (GET /_local/records), each read as
 * its JSON, or a CVC kept sealed past its authorisation.
 */
export const findCardDataInRecords = async (port: number): Promise<CardDataFind[]> => {
  const response = await fetch(`http://localhost:${port}/_local/records`);
  if (!response.ok)
    throw new Error(`GET /_local/records answered ${response.status}: ${await response.text()}`);
  const records = (await response.json()) as Record<string, Record<string, unknown>>;
  return Object.entries(records).flatMap(([kind, byId]) =>
    Object.entries(byId).flatMap(([id, record]) => {
      const where = `memory engine ${kind} record ${id}`;
      return [...findCardData(JSON.stringify(record), where), ...findKeptCvc(record, kind, where)];
    }),
  );
};
