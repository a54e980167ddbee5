/**
 * Where screen documents come from. Files under schemas/screens today; online development will add a source
 * backed by its own records, and the route does not change. A source answers the raw document: the client checks
 * it against schemas/meta/page.schema.json before rendering.
 */
export interface ScreenSource {
  /** The document, or undefined when the source has no screen of that name. Throws AppError for a broken one. */
  get(name: string): Promise<unknown | undefined>;
  /** Every screen name the source holds, sorted. */
  list(): Promise<string[]>;
}

/** 'systemData/dictionary': path segments of letters, digits, _ and -. Anything else is no screen name. */
export const SCREEN_NAME = /^[A-Za-z0-9_-]+(\/[A-Za-z0-9_-]+)*$/;
