import fs from 'node:fs';

/**
 * The Chromium the end-to-end tests drive: CHROMIUM_PATH when set, else Debian's chromium-headless-shell, else
 * Debian's full chromium. The headless shell is the same Chromium release built for headless use only (what
 * Playwright itself runs for headless tests): it loads a page in about half the full browser's time on the 2-core
 * machine (0.9 s against 1.8 s for /login, measured), and the end-to-end run is bound by the browser's CPU.
 */
export const CHROMIUM_CANDIDATES = ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'];

export const CHROMIUM = process.env.CHROMIUM_PATH ?? CHROMIUM_CANDIDATES.find((candidate) => fs.existsSync(candidate)) ?? CHROMIUM_CANDIDATES[0];

/**
 * The Chromium the benchmarks drive: CHROMIUM_PATH when set, else the full browser, whose drawing is what people
 * see and in which docs/benchmarks.md's figures were taken, else the headless shell (what `npm test` installs).
 */
export const BENCH_CHROMIUM = process.env.CHROMIUM_PATH ?? [...CHROMIUM_CANDIDATES].reverse().find((candidate) => fs.existsSync(candidate)) ?? '/usr/bin/chromium';

/** Debian's packages that provide it, with the CJK fonts the screens are drawn in. */
export const CHROMIUM_PACKAGES = ['chromium-headless-shell', 'fonts-noto-cjk'];
