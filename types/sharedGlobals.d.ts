/**
 * The globals src/shared may use, for tsconfig.shared.json only. Shared code runs in browsers and in Node 20, so it
 * gets neither the DOM lib nor @types/node; what it may use is the small web-standard core that both provide as
 * globals (the WinterCG minimum common API). The DOM lib and @types/node each declare these with wider types, so
 * the client and server configs use theirs and never include this file. Declare a member here only when shared
 * code needs it and both runtimes have it; window, document, localStorage, Buffer and process stay undeclared.
 */

interface Console {
  warn(...data: unknown[]): void;
}
declare var console: Console;

declare function atob(data: string): string;
declare function btoa(data: string): string;

declare class TextEncoder {
  encode(input?: string): Uint8Array;
}

declare class URL {
  constructor(url: string, base?: string);
  readonly href: string;
  readonly origin: string;
  readonly protocol: string;
}

interface CryptoKey {
  readonly type: string;
}
interface SubtleCrypto {
  importKey(format: 'spki', keyData: ArrayBuffer | Uint8Array, algorithm: { name: string; hash: string }, extractable: boolean, keyUsages: readonly 'encrypt'[]): Promise<CryptoKey>;
  encrypt(algorithm: { name: string }, key: CryptoKey, data: ArrayBuffer | Uint8Array): Promise<ArrayBuffer>;
}
declare var crypto: { readonly subtle: SubtleCrypto };
