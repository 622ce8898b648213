import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isCalculationError } from '../../src/core/errors';
import { Dec } from '../../src/core/money';
import { FILING_STATUSES } from '../../src/core/schema';
import { bracketRoom } from '../../src/tax/bracket-room';
import { SUPPORTED_TAX_YEARS } from '../../src/tax/federal-tables';

const room = (tax_year: number, filing_status: (typeof FILING_STATUSES)[number], taxable_income: number) =>
  bracketRoom({ tax_year, filing_status, taxable_income }).result;

describe('tax/bracket-room: hand calculations', () => {
  it('2025 mfj at 150,000 (Rev. Proc. 2024-40 §2.01 Table 1, §2.03)', () => {
    // 22% bracket (96,950 to 206,700): room 56,700; to the top of 24% (394,600): 244,600; 32% (501,050): 351,050;
    // 35% (751,600): 601,600. Tax if all ordinary: 11,157 + 22% x 53,050 = 22,828.
    // Gains: 0% band ended at 96,700 -> 0 room; 15% band to 600,050 -> 450,050.
    const r = room(2025, 'mfj', 150_000);
    expect(r.current_rate).toBe(0.22);
    expect(r.room_in_current_bracket).toBe(56700);
    expect(r.brackets.map((b) => b.room_to_top)).toEqual([0, 0, 56700, 244600, 351050, 601600, undefined]);
    expect(r.brackets.map((b) => b.filled)).toEqual([23850, 73100, 53050, 0, 0, 0, 0]);
    expect(r.ordinary_tax).toBe(22828);
    expect([r.ltcg_rate, r.ltcg_zero_room, r.ltcg_fifteen_room]).toEqual([0.15, 0, 450050]);
  });

  it('2024 single at 40,000: room in both gain bands (Rev. Proc. 2023-34 §3.03)', () => {
    // 0% band to 47,025: 7,025 left; 15% band 47,025 to 518,900: 471,875 wide.
    const r = room(2024, 'single', 40_000);
    expect([r.current_rate, r.room_in_current_bracket]).toEqual([0.12, 7150]); // 12% bracket to 47,150
    expect([r.ltcg_rate, r.ltcg_zero_room, r.ltcg_fifteen_room]).toEqual([0, 7025, 471875]);
  });

  it('a bracket top belongs to the lower bracket: the next dollar is in the higher one', () => {
    // 2025 single: 11,925 is the top of 10%: current 12%, room 48,475 - 11,925 = 36,550; at 11,924: 10%, room 1.
    expect([
      room(2025, 'single', 11_925).current_rate,
      room(2025, 'single', 11_925).room_in_current_bracket,
    ]).toEqual([0.12, 36550]);
    expect([
      room(2025, 'single', 11_924).current_rate,
      room(2025, 'single', 11_924).room_in_current_bracket,
    ]).toEqual([0.1, 1]);
    // 2026 hoh, exactly the zero-rate max 66,200: no 0% room, next gain dollar at 15%.
    expect([room(2026, 'hoh', 66_200).ltcg_zero_room, room(2026, 'hoh', 66_200).ltcg_rate]).toEqual([
      0, 0.15,
    ]);
  });

  it('in the top bracket there is no top: room fields are omitted', () => {
    // 2026 mfs 37% from 384,350 (Rev. Proc. 2025-32 §4.01 Table 4).
    const r = room(2026, 'mfs', 400_000);
    expect(r.current_rate).toBe(0.37);
    expect(r.room_in_current_bracket).toBeUndefined();
    expect(r.ltcg_rate).toBe(0.2); // above the 306,850 15% max
    expect(r.ltcg_fifteen_room).toBe(0);
  });
});

describe('tax/bracket-room: properties', () => {
  it('fills add up to the income, taxes to ordinary_tax; current room matches its bracket row', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...SUPPORTED_TAX_YEARS),
        fc.constantFrom(...FILING_STATUSES),
        fc.integer({ min: 0, max: 150_000_000 }).map((c) => c / 100),
        (y, s, ti) => {
          const r = room(y, s, ti);
          expect(r.brackets.reduce((sum, b) => sum.plus(b.filled), new Dec(0)).toNumber()).toBe(ti);
          expect(r.brackets.reduce((sum, b) => sum.plus(b.tax), new Dec(0)).toNumber()).toBe(r.ordinary_tax);
          const current = r.brackets.find((b) => b.rate === r.current_rate);
          expect(current?.room_to_top).toBe(r.room_in_current_bracket);
          if (r.room_in_current_bracket !== undefined) expect(r.room_in_current_bracket).toBeGreaterThan(0);
        },
      ),
    );
  });
});

describe('tax/bracket-room: contract', () => {
  it('golden result_id', () => {
    expect(bracketRoom({ tax_year: 2025, filing_status: 'mfj', taxable_income: 150_000 }).result_id).toBe(
      'room_a2722fab8aebd23d',
    );
  });
  it('bad input names the field', () => {
    try {
      bracketRoom.run({ tax_year: 2025, filing_status: 'mfj', taxable_income: '1' });
      throw new Error('expected a CalculationError');
    } catch (error) {
      expect(isCalculationError(error) && error.issues[0]?.path).toBe('taxable_income');
    }
  });
});
