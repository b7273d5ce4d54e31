import { bsbOwners, bsbPrefixes, bsbRows } from './bsb-branches.ts';

/**
 * The Australian BSB directory: AusPayNet's (formerly APCA's) BSB file and its key to institution
 * codes, as of September 2025, generated into bsb-branches.ts by scripts/bsb-directory.mjs (which
 * names the source repository, files, commit and licence; decision 0205).
 *
 * A BSB is refused when no institution code starts with its first two digits (a bank would
 * refuse a payment to it). A listed BSB is named as Pin names it: `bank_name` its owner's name,
 * `branch` its branch's name (806015 → "Cuscal Limited", "Police & Nurses Limited (P&N Bank)").
 * A BSB not (yet) listed within an assigned pair is accepted, named by its most specific
 * institution code (empty when none: Pin lets bank_name be empty) with no branch, so a
 * branch opened since the file was taken is not refused.
 */

/** A BSB's bank and branch names, as Pin answers them (`bank_name`, `branch`). */
export interface BsbNames {
  bankName: string;
  branch: string;
}

interface Directory {
  branches: Map<string, BsbNames>;
  /** Institution codes (two or three digits) to their owner's name. */
  institutions: Map<string, string>;
  /** The leading pairs some institution code starts with. */
  assignedPairs: Set<string>;
}

let directory: Directory | undefined;

/** The directory, read into maps on first use: a function that never looks a BSB up never parses it. */
const bsbDirectory = (): Directory => {
  if (directory) return directory;
  const owners = bsbOwners.split('\n');
  const institutions = new Map<string, string>();
  for (const line of bsbPrefixes.split('\n')) {
    const [prefix = '', owner = ''] = line.split('\t');
    institutions.set(prefix, owners[Number(owner)] ?? '');
  }
  const branches = new Map<string, BsbNames>();
  for (const line of bsbRows.split('\n')) {
    const [bsb = '', owner = '', branch = ''] = line.split('\t');
    branches.set(bsb, { bankName: owners[Number(owner)] ?? '', branch });
  }
  const assignedPairs = new Set([...institutions.keys()].map((code) => code.slice(0, 2)));
  directory = { branches, institutions, assignedPairs };
  return directory;
};

/** Whether a six-digit BSB's institution prefix is assigned in the directory. */
export const isAssignedBsb = (bsb: string): boolean => bsbDirectory().assignedPairs.has(bsb.slice(0, 2));

/** A BSB's bank and branch names: its row in the directory, else its institution code's owner and no branch. */
export const bsbNamesOf = (bsb: string): BsbNames => {
  const { branches, institutions } = bsbDirectory();
  return (
    branches.get(bsb) ?? {
      bankName: institutions.get(bsb.slice(0, 3)) ?? institutions.get(bsb.slice(0, 2)) ?? '',
      branch: '',
    }
  );
};
