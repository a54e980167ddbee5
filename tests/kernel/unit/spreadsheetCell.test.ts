import { describe, expect, it } from 'vitest';
import { importedCellText, spreadsheetCell } from '../../../src/kernel/server/import/spreadsheetCell.js';

describe('spreadsheetCell', () => {
  it('quotes text that a spreadsheet would read as a formula', () => {
    for (const text of ['=1+1', '+SUM(1,2)', '-2+3', '@cmd', '\t=1', '\r=1', '\n=1', '=HYPERLINK("http://x")', '-', "=cmd|' /C calc'!A0"]) {
      expect(spreadsheetCell(text)).toBe(`'${text}`);
    }
  });

  it('leaves other text, plain numbers written as text, and real numbers as they are', () => {
    for (const text of ['普通', 'a=1', ' =1', '', '0012', '-12.5', '+86', '1e5', '-.5', "'quoted"]) expect(spreadsheetCell(text)).toBe(text);
    expect(spreadsheetCell(-12.5)).toBe(-12.5);
    expect(spreadsheetCell(0)).toBe(0);
  });

  it('writes empty values as empty text, dates as text and objects as nothing', () => {
    expect(spreadsheetCell(null)).toBe('');
    expect(spreadsheetCell(undefined)).toBe('');
    expect(spreadsheetCell(new Date('2026-01-15T08:30:00Z'))).toBe('2026-01-15 08:30:00');
    expect(spreadsheetCell({ a: 1 })).toBe('');
    expect(spreadsheetCell(true)).toBe('true');
    expect(spreadsheetCell(Number.NEGATIVE_INFINITY)).toBe("'-Infinity");
  });

  it('reads its own cells back as the text they were made from', () => {
    for (const text of ['=1+1', "'=1+1", "''@x", "'-12.5", '-12.5', "'plain", 'plain', '\t=1', "'", '-']) {
      const written = spreadsheetCell(text);
      expect(importedCellText(String(written))).toBe(text);
    }
    // A quote that protects nothing was typed by someone: it stays.
    expect(importedCellText("'abc")).toBe("'abc");
  });
});
