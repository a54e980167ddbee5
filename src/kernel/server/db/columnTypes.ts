import type { ColumnType } from 'kysely';

/** Column types the modules' tables share: timestamps read as Date, written as Date or ISO text; defaults optional. */
export type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
export type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
export type WithDefault<T> = ColumnType<T, T | undefined, T>;
