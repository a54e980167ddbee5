import { describe, expect, it } from 'vitest';
import { casCheckDigit, isValidCas, looksLikeCas, normaliseCasText, parseCas } from '../../../src/shared/casNumber.js';

describe('CAS numbers', () => {
  it('computes the check digit from the right of the body', () => {
    // Water 7732-18-5: 8·1 + 1·2 + 2·3 + 3·4 + 7·5 + 7·6 = 105 → 5
    expect(casCheckDigit('773218')).toBe(5);
    expect(casCheckDigit('6417')).toBe(5); // ethanol 64-17-5
    expect(casCheckDigit('6764')).toBe(1); // acetone 67-64-1
    expect(casCheckDigit('766493')).toBe(9); // sulfuric acid 7664-93-9
  });

  it('accepts real numbers and returns them canonical', () => {
    for (const cas of ['7732-18-5', '64-17-5', '67-64-1', '7664-93-9', '143-33-9', '7722-64-7', '108-88-3', '50-00-0', '1310-73-2', '10035-04-8'])
      expect(parseCas(cas)).toEqual({ ok: true, cas });
  });

  it('normalises spaces, full-width digits and hyphens, leading zeros and bare digits', () => {
    expect(parseCas(' 64 - 17 - 5 ')).toEqual({ ok: true, cas: '64-17-5' });
    expect(parseCas('６４－１７－５')).toEqual({ ok: true, cas: '64-17-5' });
    expect(parseCas('7664–93–9')).toEqual({ ok: true, cas: '7664-93-9' });
    expect(parseCas('0000064-17-5')).toEqual({ ok: true, cas: '64-17-5' });
    expect(parseCas('7732185')).toEqual({ ok: true, cas: '7732-18-5' });
    expect(normaliseCasText('１２　３')).toBe('123');
  });

  it('says the format is wrong for anything not shaped like a CAS number', () => {
    for (const text of ['', 'abc', '64-17', '64-175', '6-17-5', '12345678-12-3', '64-1-75', '64_17_5', '64-17-5x', '0-00-0', '1234'])
      expect(parseCas(text)).toEqual({ ok: false, reason: 'format' });
  });

  it('says the check digit is wrong when only the last digit disagrees', () => {
    expect(parseCas('64-17-6')).toEqual({ ok: false, reason: 'checkDigit' });
    expect(parseCas('7732-18-4')).toEqual({ ok: false, reason: 'checkDigit' });
    expect(parseCas('7732184')).toEqual({ ok: false, reason: 'checkDigit' });
    expect(isValidCas('67-64-1')).toBe(true);
    expect(isValidCas('67-64-2')).toBe(false);
  });

  it('tells a CAS-like search text from a name', () => {
    expect(looksLikeCas('64-17-5')).toBe(true);
    expect(looksLikeCas('６４－１７')).toBe(true);
    expect(looksLikeCas('乙醇')).toBe(false);
    expect(looksLikeCas('1234')).toBe(false);
  });
});
