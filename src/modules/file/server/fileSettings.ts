/**
 * The file module's limits and timings, read from the environment (README lists the variables). Read where the
 * module registers its routes, so a test can hand its own settings to createFileModule instead.
 */
export interface FileSettings {
  /** Largest file a chunked upload may make, in bytes; 0 means no limit (spec 001 §9: a limit of 0 is none). */
  maxFileBytes: number;
  /** What one user's stored files and unfinished uploads may add up to, in bytes; 0 means no quota. */
  quotaBytes: number;
  /** An upload untouched this long is abandoned: its chunks are deleted. */
  uploadMaxAgeMs: number;
  /** How often a process looks for abandoned uploads (one process at a time does the work). */
  cleanupIntervalMs: number;
  /** How long a signed download address stays valid. */
  downloadUrlMs: number;
  /** Extensions taken without a content check, beyond those fileSignatures.ts knows. */
  extraExtensions: ReadonlySet<string>;
}

export const DEFAULT_FILE_SETTINGS: FileSettings = {
  maxFileBytes: 1024 * 1024 * 1024,
  quotaBytes: 10 * 1024 * 1024 * 1024,
  uploadMaxAgeMs: 7 * 24 * 60 * 60_000,
  cleanupIntervalMs: 60 * 60_000,
  downloadUrlMs: 300_000,
  extraExtensions: new Set(),
};

function wholeNumber(env: NodeJS.ProcessEnv, name: string, fallback: number, { zeroAllowed }: { zeroAllowed: boolean }): number {
  const value = env[name];
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isSafeInteger(n) || n < 0 || (n === 0 && !zeroAllowed)) throw new Error(`${name} must be a ${zeroAllowed ? 'non-negative' : 'positive'} integer, got "${value}"`);
  return n;
}

export function fileSettingsFromEnv(env: NodeJS.ProcessEnv = process.env): FileSettings {
  const extra = (env.FILE_EXTRA_EXTENSIONS ?? '')
    .split(',')
    .map((e) => e.trim().toLowerCase().replace(/^\./, ''))
    .filter(Boolean);
  for (const extension of extra) if (!/^[a-z0-9]{1,10}$/.test(extension)) throw new Error(`FILE_EXTRA_EXTENSIONS: "${extension}" is not an extension`);
  return {
    maxFileBytes: wholeNumber(env, 'FILE_MAX_BYTES', DEFAULT_FILE_SETTINGS.maxFileBytes, { zeroAllowed: true }),
    quotaBytes: wholeNumber(env, 'FILE_QUOTA_BYTES', DEFAULT_FILE_SETTINGS.quotaBytes, { zeroAllowed: true }),
    uploadMaxAgeMs: wholeNumber(env, 'FILE_UPLOAD_MAX_AGE_HOURS', 7 * 24, { zeroAllowed: false }) * 60 * 60_000,
    cleanupIntervalMs: wholeNumber(env, 'FILE_CLEANUP_INTERVAL_MINUTES', 60, { zeroAllowed: false }) * 60_000,
    downloadUrlMs: wholeNumber(env, 'FILE_DOWNLOAD_URL_SECONDS', 300, { zeroAllowed: false }) * 1000,
    extraExtensions: new Set(extra),
  };
}
