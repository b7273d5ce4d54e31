/** One page of a list, newest first, with the list's total (Pin's `pagination.count`). */
export interface Page<T> {
  items: T[];
  total: number;
}
