import { describe, expect, it } from 'vitest';
import { normalizeRow, rowProblems, type ImportColumn } from '../../../src/kernel/server/import/importSpec.js';
import { summarizeZip } from '../../../src/kernel/server/import/zipGuard.js';

/** A stored (uncompressed) zip built by hand: local headers, central directory, end record. */
function zipOf(entries: { name: string; data: Buffer; statedSize?: number }[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt32LE(entry.data.length, 18);
    local.writeUInt32LE(entry.data.length, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt32LE(entry.data.length, 20);
    central.writeUInt32LE(entry.statedSize ?? entry.data.length, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, entry.data);
    centrals.push(central, name);
    offset += 30 + name.length + entry.data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

describe('the import’s zip guard', () => {
  it('sums what the entries unpack to, as the central directory states it', () => {
    const zip = zipOf([{ name: 'a.xml', data: Buffer.from('hello') }, { name: 'b.xml', data: Buffer.from('world!') }]);
    expect(summarizeZip(zip)).toEqual({ entries: 2, uncompressedBytes: 11 });
  });

  it('reports a bomb’s stated size and zip64 entries as unbounded', () => {
    expect(summarizeZip(zipOf([{ name: 'bomb', data: Buffer.from('x'), statedSize: 4_000_000_000 }]))?.uncompressedBytes).toBe(4_000_000_000);
    expect(summarizeZip(zipOf([{ name: 'big', data: Buffer.from('x'), statedSize: 0xffffffff }]))?.uncompressedBytes).toBe(Infinity);
  });

  it('answers nothing for bytes that are no zip, or a zip cut short', () => {
    expect(summarizeZip(Buffer.from('account,realName\n'))).toBeUndefined();
    const zip = zipOf([{ name: 'a.xml', data: Buffer.from('hello') }]);
    expect(summarizeZip(zip.subarray(0, zip.length - 5))).toBeUndefined();
    expect(summarizeZip(new Uint8Array(0))).toBeUndefined();
  });
});

describe('import row rules', () => {
  const columns: ImportColumn[] = [
    { field: 'account', label: '账号', required: true, maxLength: 5, validate: (v) => (/^[a-z]+$/.test(v) ? undefined : { key: 'users.accountPattern' }) },
    { field: 'note', label: '说明' },
  ];

  it('keeps the columns’ fields only, as trimmed text', () => {
    expect(normalizeRow(columns, { account: '  abc ', note: 12, extra: 'x' })).toEqual({ account: 'abc', note: '12' });
    expect(normalizeRow(columns, { account: { toString: 'x' }, note: null })).toEqual({ account: '', note: '' });
    expect(normalizeRow(columns, 'not a row')).toEqual({ account: '', note: '' });
  });

  it('names the first broken rule per column: required, length, then the column’s own', () => {
    expect(rowProblems(columns, { account: '', note: '' }).map((p) => p.failure.key)).toEqual(['import.required']);
    expect(rowProblems(columns, { account: 'abcdef', note: '' }).map((p) => p.failure)).toEqual([{ key: 'import.tooLong', params: { limit: 5 } }]);
    expect(rowProblems(columns, { account: 'ab1', note: '' }).map((p) => [p.column.label, p.failure.key])).toEqual([['账号', 'users.accountPattern']]);
    expect(rowProblems(columns, { account: 'abc', note: 'anything' })).toEqual([]);
  });
});
