import { describe, expect, it } from 'vitest';
import t2024 from '../../data/tax/federal/2024.json';
import t2025 from '../../data/tax/federal/2025.json';
import t2026 from '../../data/tax/federal/2026.json';

/**
 * Structural invariants and source spot checks for the federal tax tables.
 *
 * Section numbering differs by procedure and is easy to get wrong:
 *   Rev. Proc. 2023-34 (TY2024): adjusted items are SECTION 3 (.01 tables, .03 capital gains,
 *     .11 AMT, .15 standard deduction).
 *   Rev. Proc. 2024-40 (TY2025): adjusted items are SECTION 2 (.01, .03, .11, .15).
 *   Rev. Proc. 2025-32 (TY2026): adjusted items are SECTION 4 (.01, .03, .10, .14); SECTION 3
 *     re-states 2025 items changed by Pub. L. 119-21 (3.01 = 2025 standard deduction).
 */

const STATUSES = ['single', 'mfj', 'mfs', 'hoh', 'qss'] as const;
type Status = (typeof STATUSES)[number];
type ByStatus<T = number> = Record<Status, T>;

interface TaxTable {
  tax_year: number;
  sources: Record<string, string>;
  ordinary_brackets: { source: string; rates: number[]; thresholds: ByStatus<number[]> };
  standard_deduction: { source: string } & ByStatus;
  additional_standard_deduction: { source: string; unmarried: number; married: number };
  senior_deduction?: {
    source: string;
    amount_per_person: number;
    phaseout_rate: number;
    phaseout_start: ByStatus<number | null>;
    note: string;
  };
  ltcg: { source: string; zero_rate_max: ByStatus; fifteen_rate_max: ByStatus };
  niit: { source: string; rate: number; threshold: ByStatus };
  additional_medicare: { source: string; rate: number; threshold: ByStatus };
  amt: {
    source: string;
    exemption: ByStatus;
    phaseout_start: ByStatus;
    phaseout_rate: number;
    rate_breakpoint: ByStatus;
    rates: number[];
  };
  capital_loss_limit: { source: string } & ByStatus;
}

const TABLES: Record<2024 | 2025 | 2026, TaxTable> = {
  2024: t2024 as TaxTable,
  2025: t2025 as TaxTable,
  2026: t2026 as TaxTable,
};
const YEARS = [2024, 2025, 2026] as const;

/** Every value of every `source` key anywhere in the table. */
function sourceIds(node: unknown): string[] {
  if (Array.isArray(node)) return node.flatMap(sourceIds);
  if (node === null || typeof node !== 'object') return [];
  return Object.entries(node).flatMap(([key, value]) =>
    key === 'source' && typeof value === 'string' ? [value] : sourceIds(value),
  );
}

function expectFiveStatuses(map: object): void {
  expect(Object.keys(map).sort()).toEqual([...STATUSES].sort());
}

describe.each(YEARS)('federal tax table %i: structure', (year) => {
  const t = TABLES[year];

  it('carries its own tax year', () => {
    expect(t.tax_year).toBe(year);
  });

  it('has a sources entry for every source id used, and no unused or empty entries', () => {
    const used = new Set(sourceIds({ ...t, sources: undefined }));
    expect(used.size).toBeGreaterThan(0);
    for (const id of used) {
      expect(t.sources, `source id ${id}`).toHaveProperty([id]);
      expect(t.sources[id]?.trim().length ?? 0).toBeGreaterThan(20);
    }
    expect(Object.keys(t.sources).sort()).toEqual([...used].sort());
  });

  it('ordinary brackets: seven statutory rates, five statuses, ascending from 0', () => {
    // IRC §1(j)(2)(A)-(D): 10/12/22/24/32/35/37%, permanent after Pub. L. 119-21 §70101.
    expect(t.ordinary_brackets.rates).toEqual([0.1, 0.12, 0.22, 0.24, 0.32, 0.35, 0.37]);
    expectFiveStatuses(t.ordinary_brackets.thresholds);
    for (const s of STATUSES) {
      const th = t.ordinary_brackets.thresholds[s];
      expect(th).toHaveLength(7);
      expect(th[0]).toBe(0);
      for (let i = 1; i < th.length; i++) expect(th[i]!, `${s}[${i}]`).toBeGreaterThan(th[i - 1]!);
      for (const v of th) expect(Number.isInteger(v)).toBe(true);
    }
  });

  it('ordinary brackets: qss uses the joint table (§1(j)(2)(A) covers surviving spouses)', () => {
    expect(t.ordinary_brackets.thresholds.qss).toEqual(t.ordinary_brackets.thresholds.mfj);
  });

  it('ordinary brackets: every mfs threshold is exactly half the mfj threshold', () => {
    // §1(j)(2)(D) is ½ of (A) at every breakpoint, top (37%) bracket included
    // (statute: 300,000 = 600,000 / 2), and the Rev. Procs. keep that in all three years.
    const { mfj, mfs } = t.ordinary_brackets.thresholds;
    for (const [i, v] of mfj.entries()) expect(mfs[i], `mfs[${i}]`).toBe(v / 2);
  });

  it('ordinary brackets: single = mfj / 2 except where the 37% bracket starts', () => {
    // §1(j)(2)(C) vs (A): the 35% band of unmarried filers runs to 500,000 (statute), not 300,000,
    // so only index 6 differs; there single equals hoh.
    const { mfj, single, hoh, mfs } = t.ordinary_brackets.thresholds;
    for (let i = 0; i < 6; i++) expect(single[i], `single[${i}]`).toBe(mfj[i]! / 2);
    expect(single[6]).toBeGreaterThan(mfj[6]! / 2);
    expect(single[6]).toBe(hoh[6]);
    expect(single.slice(0, 6)).toEqual(mfs.slice(0, 6));
  });

  it('standard deduction: five statuses; qss = mfj = 2 × single; mfs = single', () => {
    const { source: _source, ...sd } = t.standard_deduction;
    expectFiveStatuses(sd);
    // §63(c)(2)(A): 200% of the (C) amount for a joint return or surviving spouse.
    expect(sd.mfj).toBe(2 * sd.single);
    expect(sd.qss).toBe(sd.mfj);
    // §63(c)(2)(C) "any other case" covers both single and married filing separately.
    expect(sd.mfs).toBe(sd.single);
    expect(sd.hoh).toBeGreaterThan(sd.single);
    expect(sd.hoh).toBeLessThan(sd.mfj);
  });

  it('additional standard deduction: unmarried amount exceeds the married amount', () => {
    // §63(f)(3): the higher amount is for an individual "not married and not a surviving spouse".
    const a = t.additional_standard_deduction;
    expect(a.unmarried).toBeGreaterThan(a.married);
  });

  it('capital gains breakpoints: five statuses, zero < fifteen, qss = mfj, 0% mfs = mfj / 2', () => {
    expectFiveStatuses(t.ltcg.zero_rate_max);
    expectFiveStatuses(t.ltcg.fifteen_rate_max);
    for (const s of STATUSES) expect(t.ltcg.zero_rate_max[s]).toBeLessThan(t.ltcg.fifteen_rate_max[s]);
    expect(t.ltcg.zero_rate_max.qss).toBe(t.ltcg.zero_rate_max.mfj);
    expect(t.ltcg.fifteen_rate_max.qss).toBe(t.ltcg.fifteen_rate_max.mfj);
    // §1(j)(5)(B)(i)(III): every other individual, MFS included, gets ½ the joint zero-rate amount.
    expect(t.ltcg.zero_rate_max.mfs).toBe(t.ltcg.zero_rate_max.mfj / 2);
    expect(t.ltcg.zero_rate_max.single).toBe(t.ltcg.zero_rate_max.mfj / 2);
    // The MFS 15% amount is NOT reliably half the joint one: see the per-year spot checks.
    expect(Math.abs(t.ltcg.fifteen_rate_max.mfs - t.ltcg.fifteen_rate_max.mfj / 2)).toBeLessThanOrEqual(25);
  });

  it('NIIT: 3.8%, unindexed §1411(b) thresholds; qss is a §2(a) surviving spouse (250,000)', () => {
    expect(t.niit.rate).toBe(0.038);
    expectFiveStatuses(t.niit.threshold);
    expect(t.niit.threshold).toEqual({ single: 200000, mfj: 250000, mfs: 125000, hoh: 200000, qss: 250000 });
  });

  it('Additional Medicare: 0.9%, unindexed §3101(b)(2) thresholds; qss is "any other case" (200,000)', () => {
    expect(t.additional_medicare.rate).toBe(0.009);
    expectFiveStatuses(t.additional_medicare.threshold);
    expect(t.additional_medicare.threshold).toEqual({
      single: 200000,
      mfj: 250000,
      mfs: 125000,
      hoh: 200000,
      qss: 200000,
    });
    // The one place where qss and the NIIT threshold part company.
    expect(t.additional_medicare.threshold.qss).not.toBe(t.niit.threshold.qss);
  });

  it('AMT: five statuses; hoh = single, qss = mfj, mfs = half of mfj, 26%/28%', () => {
    const a = t.amt;
    expect(a.rates).toEqual([0.26, 0.28]);
    for (const m of [a.exemption, a.phaseout_start, a.rate_breakpoint]) {
      expectFiveStatuses(m);
      // §55(d)(1)(B): unmarried individuals (HOH included) share one amount;
      // §55(d)(1)(A): joint returns and surviving spouses share one amount.
      expect(m.hoh).toBe(m.single);
      expect(m.qss).toBe(m.mfj);
    }
    // §55(d)(1)(C), §55(d)(2)(C): MFS gets 50% of the joint exemption and phase-out threshold.
    expect(a.exemption.mfs).toBe(a.exemption.mfj / 2);
    expect(a.phaseout_start.mfs).toBe(a.phaseout_start.mfj / 2);
    // §55(d)(4)(A)(ii)(II): unmarried phase-out threshold = 50% of the joint one.
    expect(a.phaseout_start.single).toBe(a.phaseout_start.mfj / 2);
    // §55(b)(1)(C): MFS uses 50% of the breakpoint; all other filers share one figure.
    expect(a.rate_breakpoint.mfs).toBe(a.rate_breakpoint.mfj / 2);
    expect(a.rate_breakpoint.single).toBe(a.rate_breakpoint.mfj);
  });

  it('capital loss limit: §1211(b)(1) $3,000, $1,500 for married filing separately', () => {
    const { source: _source, ...cl } = t.capital_loss_limit;
    expect(cl).toEqual({ single: 3000, mfj: 3000, mfs: 1500, hoh: 3000, qss: 3000 });
  });
});

describe('senior deduction (IRC §151(d)(5)(C), Pub. L. 119-21 §70103): 2025-2028 only', () => {
  it('does not exist for 2024', () => {
    expect(TABLES[2024].senior_deduction).toBeUndefined();
    expect('senior_deduction' in t2024).toBe(false);
  });

  it.each([2025, 2026] as const)('%i: $6,000, 6%, $75,000 / $150,000 joint, none for MFS', (year) => {
    const sd = TABLES[year].senior_deduction!;
    expect(sd.amount_per_person).toBe(6000);
    expect(sd.phaseout_rate).toBe(0.06);
    expectFiveStatuses(sd.phaseout_start);
    // Clause (iii)(I): $150,000 only "in the case of a joint return"; HOH and QSS are not joint returns.
    expect(sd.phaseout_start).toEqual({ single: 75000, mfj: 150000, mfs: null, hoh: 75000, qss: 75000 });
    // Clause (v): a married individual gets it only on a joint return.
    expect(sd.note).toMatch(/joint return/);
    // Single filer fully phased out at 75,000 + 6,000 / 0.06 = 175,000.
    expect(75000 + sd.amount_per_person / sd.phaseout_rate).toBeCloseTo(175000, 6);
  });
});

describe('2024 spot values (Rev. Proc. 2023-34)', () => {
  const t = TABLES[2024];
  it('brackets, §3.01', () => {
    // Table 3: single 24% starts over $100,525; Table 2: HOH 24% over $100,500 and 35% over $243,700.
    expect(t.ordinary_brackets.thresholds.single[3]).toBe(100525);
    expect(t.ordinary_brackets.thresholds.hoh[3]).toBe(100500);
    expect(t.ordinary_brackets.thresholds.hoh[5]).toBe(243700);
    // Table 4: MFS 37% over $365,600; Table 1: joint 37% over $731,200.
    expect(t.ordinary_brackets.thresholds.mfs[6]).toBe(365600);
    expect(t.ordinary_brackets.thresholds.mfj[6]).toBe(731200);
  });
  it('standard deduction §3.15(1) and aged/blind §3.15(3)', () => {
    expect(t.standard_deduction.single).toBe(14600);
    expect(t.standard_deduction.mfj).toBe(29200);
    expect(t.standard_deduction.hoh).toBe(21900);
    expect(t.additional_standard_deduction).toMatchObject({ married: 1550, unmarried: 1950 });
  });
  it('capital gains §3.03: MFS 15% amount is $291,850, not 583,750 / 2 = 291,875', () => {
    expect(t.ltcg.zero_rate_max.mfj).toBe(94050);
    expect(t.ltcg.fifteen_rate_max.single).toBe(518900);
    expect(t.ltcg.fifteen_rate_max.mfs).toBe(291850);
    expect(t.ltcg.fifteen_rate_max.mfj / 2).toBe(291875);
  });
  it('AMT §3.11 with the 25% phase-out: complete phase-out 952,150 / 1,751,900 / 875,950', () => {
    const a = t.amt;
    expect(a.phaseout_rate).toBe(0.25);
    expect(a.exemption.single).toBe(85700);
    expect(a.rate_breakpoint.single).toBe(232600);
    expect(a.phaseout_start.single + a.exemption.single / a.phaseout_rate).toBe(952150);
    expect(a.phaseout_start.mfj + a.exemption.mfj / a.phaseout_rate).toBe(1751900);
    expect(a.phaseout_start.mfs + a.exemption.mfs / a.phaseout_rate).toBe(875950);
  });
});

describe('2025 spot values (Rev. Proc. 2024-40; Pub. L. 119-21)', () => {
  const t = TABLES[2025];
  it('brackets, Rev. Proc. 2024-40 §2.01', () => {
    // Table 3: single 24% bracket starts over $103,350.
    expect(t.ordinary_brackets.thresholds.single[3]).toBe(103350);
    // Table 2: HOH 35% over $250,500 (single: $250,525).
    expect(t.ordinary_brackets.thresholds.hoh[5]).toBe(250500);
    expect(t.ordinary_brackets.thresholds.single[5]).toBe(250525);
    // Table 4: MFS 37% over $375,800; Table 1: joint 37% over $751,600.
    expect(t.ordinary_brackets.thresholds.mfs[6]).toBe(375800);
    expect(t.ordinary_brackets.thresholds.mfj[6]).toBe(751600);
  });
  it('standard deduction is the OBBBA amount (§63(c)(7)(A); Rev. Proc. 2025-32 §3.01), not 15,000/30,000/22,500', () => {
    expect(t.standard_deduction).toMatchObject({
      single: 15750,
      mfj: 31500,
      mfs: 15750,
      hoh: 23625,
      qss: 31500,
    });
  });
  it('aged/blind, Rev. Proc. 2024-40 §2.15(3)', () => {
    expect(t.additional_standard_deduction).toMatchObject({ married: 1600, unmarried: 2000 });
  });
  it('capital gains §2.03: MFS 15% amount is $300,000, not 600,050 / 2 = 300,025', () => {
    expect(t.ltcg.zero_rate_max.single).toBe(48350);
    expect(t.ltcg.fifteen_rate_max.hoh).toBe(566700);
    expect(t.ltcg.fifteen_rate_max.mfs).toBe(300000);
    expect(t.ltcg.fifteen_rate_max.mfj / 2).toBe(300025);
  });
  it('AMT §2.11: 88,100 / 137,000; phase-out 626,350 / 1,252,700 at 25%; breakpoint 239,100', () => {
    const a = t.amt;
    expect(a.exemption.single).toBe(88100);
    expect(a.exemption.mfj).toBe(137000);
    expect(a.phaseout_start.mfj).toBe(1252700);
    expect(a.phaseout_rate).toBe(0.25);
    expect(a.rate_breakpoint.mfs).toBe(119550);
  });
});

describe('2026 spot values (Rev. Proc. 2025-32 §4)', () => {
  const t = TABLES[2026];
  it('brackets §4.01, as corrected (HOH 24% ceiling $201,750, not the first release’s $201,775)', () => {
    expect(t.ordinary_brackets.thresholds.single).toEqual([0, 12400, 50400, 105700, 201775, 256225, 640600]);
    expect(t.ordinary_brackets.thresholds.mfj).toEqual([0, 24800, 100800, 211400, 403550, 512450, 768700]);
    expect(t.ordinary_brackets.thresholds.hoh).toEqual([0, 17700, 67450, 105700, 201750, 256200, 640600]);
    expect(t.ordinary_brackets.thresholds.mfs[6]).toBe(384350);
  });
  it('standard deduction §4.14(1) and aged/blind §4.14(3)', () => {
    expect(t.standard_deduction).toMatchObject({
      single: 16100,
      mfj: 32200,
      mfs: 16100,
      hoh: 24150,
      qss: 32200,
    });
    expect(t.additional_standard_deduction).toMatchObject({ married: 1650, unmarried: 2050 });
  });
  it('capital gains §4.03: MFS 15% amount 306,850 happens to equal 613,700 / 2', () => {
    expect(t.ltcg.zero_rate_max).toMatchObject({ single: 49450, mfj: 98900, hoh: 66200 });
    expect(t.ltcg.fifteen_rate_max).toMatchObject({ single: 545500, mfj: 613700, mfs: 306850, hoh: 579600 });
  });
  it('AMT §4.10 after Pub. L. 119-21 §70107: 50% phase-out reproduces the printed complete phase-out', () => {
    const a = t.amt;
    expect(a.phaseout_rate).toBe(0.5);
    expect(a.exemption).toMatchObject({ single: 90100, mfj: 140200, mfs: 70100 });
    expect(a.phaseout_start).toMatchObject({ single: 500000, mfj: 1000000, mfs: 500000 });
    expect(a.rate_breakpoint).toMatchObject({ single: 244500, mfs: 122250 });
    // §4.10 complete phase-out amounts: $680,200 unmarried, $1,280,400 joint, $640,200 MFS.
    expect(a.phaseout_start.single + a.exemption.single / a.phaseout_rate).toBe(680200);
    expect(a.phaseout_start.mfj + a.exemption.mfj / a.phaseout_rate).toBe(1280400);
    expect(a.phaseout_start.mfs + a.exemption.mfs / a.phaseout_rate).toBe(640200);
  });
});

describe('across years', () => {
  it('indexed amounts never fall from one year to the next, except the OBBBA AMT phase-out reset', () => {
    for (const [prev, next] of [
      [TABLES[2024], TABLES[2025]],
      [TABLES[2025], TABLES[2026]],
    ] as const) {
      for (const s of STATUSES) {
        const p = prev.ordinary_brackets.thresholds[s];
        const n = next.ordinary_brackets.thresholds[s];
        for (const [i, v] of p.entries()) expect(n[i]!).toBeGreaterThanOrEqual(v);
        expect(next.standard_deduction[s]).toBeGreaterThan(prev.standard_deduction[s]);
        expect(next.ltcg.zero_rate_max[s]).toBeGreaterThan(prev.ltcg.zero_rate_max[s]);
        expect(next.ltcg.fifteen_rate_max[s]).toBeGreaterThan(prev.ltcg.fifteen_rate_max[s]);
        expect(next.amt.exemption[s]).toBeGreaterThan(prev.amt.exemption[s]);
        expect(next.amt.rate_breakpoint[s]).toBeGreaterThan(prev.amt.rate_breakpoint[s]);
      }
    }
    // Pub. L. 119-21 §70107 took the phase-out back to the 2018 $1,000,000 / $500,000 base.
    expect(TABLES[2026].amt.phaseout_start.mfj).toBeLessThan(TABLES[2025].amt.phaseout_start.mfj);
  });
});
