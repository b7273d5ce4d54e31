/** Metadata limits of Pin's API reference: at most 25 items, keys up to 50 characters, values up to 500. */
export const metadataLimits = { maxItems: 25, maxKeyLength: 50, maxValueLength: 500 } as const;

export type Metadata = Record<string, string>;

/** What is wrong with a metadata object, or null when it keeps the limits. */
export const metadataProblem = (metadata: Metadata): string | null => {
  const entries = Object.entries(metadata);
  if (entries.length > metadataLimits.maxItems) return `has more than ${metadataLimits.maxItems} items`;
  if (entries.some(([key]) => key.length === 0 || key.length > metadataLimits.maxKeyLength)) {
    return `keys must be 1 to ${metadataLimits.maxKeyLength} characters`;
  }
  if (entries.some(([, value]) => value.length > metadataLimits.maxValueLength)) {
    return `values must be at most ${metadataLimits.maxValueLength} characters`;
  }
  return null;
};
