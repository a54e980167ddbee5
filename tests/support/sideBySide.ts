/**
 * Runs set-up steps side by side (a PGlite seed in this process beside a PostgreSQL seed in its own; two server
 * processes) and answers their results. When one fails, the others are let finish before `cleanUp` runs, which
 * gets what did start (Promise.all would clean up while another step still wrote: a database dropped under its
 * seed, a folder removed under PGlite, a server left running); then the first failure is thrown.
 */
export async function sideBySide<T extends readonly unknown[]>(steps: { [K in keyof T]: Promise<T[K]> }, cleanUp: (started: Partial<T>) => Promise<void>): Promise<T> {
  const settled = await Promise.allSettled(steps);
  const failed = settled.find((result): result is PromiseRejectedResult => result.status === 'rejected');
  const values = settled.map((result) => (result.status === 'fulfilled' ? result.value : undefined)) as unknown as T;
  if (!failed) return values;
  await cleanUp(values);
  throw failed.reason;
}
