/**
 * The page runtime's registries (amis's factory, in small): page nodes by `type`, actions by `actionType`, cells
 * and blocks by name. Each is one instance of this: a name checked when registered, an entry checked for its
 * shape, and a lookup the renderers make once per node. Registering a name again replaces the entry, so an
 * integrator can override a built-in.
 */
const NAME = /^[A-Za-z][A-Za-z0-9_-]*$/;

export class PageRegistrationError extends Error {
  constructor(kind: string, name: string, reason: string) {
    super(`${kind} "${name}" cannot be registered: ${reason}`);
    this.name = 'PageRegistrationError';
  }
}

export interface Registry<T> {
  register(name: string, entry: T): void;
  get(name: string | undefined): T | undefined;
  names(): string[];
}

/** `accepts` says what an entry must be, for the error: 'a React component', 'a function'. */
export function createRegistry<T>(kind: string, isEntry: (entry: unknown) => boolean, accepts: string): Registry<T> {
  const entries = new Map<string, T>();
  return {
    register(name, entry) {
      if (typeof name !== 'string' || !NAME.test(name)) throw new PageRegistrationError(kind, String(name), 'the name must start with a letter and hold only letters, digits, _ and -');
      if (!isEntry(entry)) throw new PageRegistrationError(kind, name, `the entry must be ${accepts}`);
      entries.set(name, entry);
    },
    get: (name) => (name === undefined ? undefined : entries.get(name)),
    names: () => [...entries.keys()].sort(),
  };
}

/** Function components, and the objects memo, forwardRef and lazy make. */
export const isComponent = (entry: unknown) => typeof entry === 'function' || (typeof entry === 'object' && entry !== null && '$$typeof' in entry);
export const isFunction = (entry: unknown) => typeof entry === 'function';
