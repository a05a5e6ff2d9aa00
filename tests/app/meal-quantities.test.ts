import { describe, expect, it } from 'vitest';
import { formatQuantity } from '../../src/views/meal-photo/quantities.ts';

describe('meal result quantities (docs/behaviour.md#meal-photo)', () => {
  it('writes a thousand grams or watt-hours and more in the next unit up, never as a typo-like 18,046 gCO2', () => {
    expect(formatQuantity('fr', 18046, 'gCO2')).toBe('18 kg CO2e');
    expect(formatQuantity('en', 18046, 'gCO2')).toBe('18 kg CO2e');
    expect(formatQuantity('fr', 1827, 'gCO2')).toBe('1,8 kg CO2e');
    expect(formatQuantity('en', 1827, 'gCO2')).toBe('1.8 kg CO2e');
    expect(formatQuantity('fr', 999, 'gCO2')).toBe('999 g CO2e');
    expect(formatQuantity('fr', 1000, 'g')).toBe('1 kg');
    expect(formatQuantity('fr', 70.25, 'g')).toBe('70,3 g');
    expect(formatQuantity('fr', 1250, 'Wh')).toBe('1,3 kWh');
    expect(formatQuantity('fr', 758, 'Wh')).toBe('758 Wh');
  });

  it("keeps litres in litres, with the language's separators", () => {
    expect(formatQuantity('fr', 1406.7, 'L')).toBe('1\u202f406,7 L');
    expect(formatQuantity('en', 1406.7, 'L')).toBe('1,406.7 L');
  });

  it('writes Latin digits in Arabic, as the rest of the app', () => {
    expect(formatQuantity('ar', 1827, 'gCO2')).toMatch(/^1[.,٫]8 kg CO2e$/);
    expect(formatQuantity('ar', 18046, 'gCO2')).not.toMatch(/[٠-٩]/);
  });
});
