import { PRODUCT_STORAGE_PREFIX } from '../../../shared/constants.js';

/** Local storage under the product prefix (spec 000 §3), tolerant of a browser that refuses storage. */
export const storage = {
  get(key: string): string | null {
    try {
      return window.localStorage.getItem(PRODUCT_STORAGE_PREFIX + key);
    } catch {
      return null;
    }
  },
  set(key: string, value: string): void {
    try {
      window.localStorage.setItem(PRODUCT_STORAGE_PREFIX + key, value);
    } catch {
      // Private mode or a full quota: the value lives for this page only.
    }
  },
  remove(key: string): void {
    try {
      window.localStorage.removeItem(PRODUCT_STORAGE_PREFIX + key);
    } catch {
      // nothing stored, nothing to remove
    }
  },
};
