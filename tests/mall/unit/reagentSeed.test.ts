import { describe, expect, it } from 'vitest';
import catalogue from '../../../fixtures/mall/reagents.json' with { type: 'json' };
import supplierFile from '../../../fixtures/mall/suppliers.json' with { type: 'json' };
import { parseCas } from '../../../src/shared/casNumber.js';

const CONTROL_TYPES = ['none', 'hazardous', 'precursor', 'toxic', 'explosive'];

describe('the demo reagent catalogue (fixtures/mall/reagents.json)', () => {
  const items = catalogue.items;

  it('holds at least 300 items, every CAS number canonical and passing its check digit', () => {
    expect(items.length).toBeGreaterThanOrEqual(300);
    const bad = items.filter((item) => {
      const parsed = parseCas(item.cas);
      return !parsed.ok || parsed.cas !== item.cas;
    });
    expect(bad.map((item) => `${item.name} ${item.cas}`)).toEqual([]);
    expect(new Set(items.map((item) => item.cas)).size).toBeGreaterThanOrEqual(250);
  });

  it('has unique ids and codes, known suppliers, and sensible specs, prices, stock and flags', () => {
    expect(new Set(items.map((item) => item.id)).size).toBe(items.length);
    expect(new Set(items.map((item) => item.itemCode)).size).toBe(items.length);
    const suppliers = new Set(supplierFile.suppliers.map((s) => s.id));
    for (const item of items) {
      expect(suppliers.has(item.supplierId), item.id).toBe(true);
      expect(CONTROL_TYPES, item.id).toContain(item.controlType);
      expect(['Y', 'N'], item.id).toContain(item.stocked);
      expect(item.price, item.id).toBeGreaterThan(0);
      expect(Number.isInteger(item.stock) && item.stock >= 0, item.id).toBe(true);
      expect(item.name.length, item.id).toBeLessThanOrEqual(200);
      expect(item.spec, item.id).toMatch(/^\d+(\.\d+)? (mL|L|g)$/);
      expect(item.fineness && item.brand && item.unitName, item.id).toBeTruthy();
    }
    expect(items.filter((item) => item.stocked === 'Y').length).toBeGreaterThan(items.length / 3);
  });

  it('flags the real controlled substances as such', () => {
    const typeOf = (cas: string) => new Set(items.filter((item) => item.cas === cas).map((item) => item.controlType));
    for (const precursor of ['67-64-1', '108-88-3', '7664-93-9', '7647-01-0', '7722-64-7', '60-29-7']) expect(typeOf(precursor)).toEqual(new Set(['precursor']));
    for (const toxic of ['143-33-9', '151-50-8', '7487-94-7', '1327-53-3']) expect(typeOf(toxic)).toEqual(new Set(['toxic']));
    expect(typeOf('7697-37-2')).toEqual(new Set(['explosive']));
    expect(typeOf('7647-14-5')).toEqual(new Set(['none']));
  });
});
