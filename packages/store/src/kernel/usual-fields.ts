/** Some fields of a T, each at the value an item leaves it out at. */
export type Usual<T> = { readonly [K in keyof T]?: T[K] };

/**
 * `value` without the fields that hold their usual value: what an item keeps of it, to stay small
 * (the reader puts them back). Compared by identity: scalars and null only.
 */
export const withoutUsual = <T extends object>(value: T, usual: Usual<T>): Partial<T> => {
  const out = { ...value } as Record<string, unknown>;
  for (const [field, at] of Object.entries(usual)) if (out[field] === at) delete out[field];
  return out as Partial<T>;
};
