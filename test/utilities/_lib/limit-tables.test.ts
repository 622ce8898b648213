import { describe, expect, it } from 'vitest';
import c2024 from '../../../data/utilities/contribution-limits/2024.json';
import c2025 from '../../../data/utilities/contribution-limits/2025.json';
import c2026 from '../../../data/utilities/contribution-limits/2026.json';
import p2024 from '../../../data/utilities/ira-phaseouts/2024.json';
import p2025 from '../../../data/utilities/ira-phaseouts/2025.json';
import p2026 from '../../../data/utilities/ira-phaseouts/2026.json';

type Range = [number, number];
type Json = Record<string, unknown>;

const contributions = { 2024: c2024, 2025: c2025, 2026: c2026 } as const;
const phaseouts = { 2024: p2024, 2025: p2025, 2026: p2026 } as const;
const years = [2024, 2025, 2026] as const;

/** Every key named `source` or ending in `_source`, anywhere below `node`. */
function sourceRefs(node: unknown, path = ''): Array<[string, string]> {
  if (node === null || typeof node !== 'object' || Array.isArray(node)) return [];
  const out: Array<[string, string]> = [];
  for (const [k, v] of Object.entries(node as Json)) {
    if (k === 'sources') continue;
    if ((k === 'source' || k.endsWith('_source')) && typeof v === 'string') {
      out.push([`${path}${k}`, v]);
    } else {
      out.push(...sourceRefs(v, `${path}${k}.`));
    }
  }
  return out;
}

const width = (r: Range) => r[1] - r[0];

describe.each(years)('limit tables %i: structure', (year) => {
  const c = contributions[year] as unknown as Json;
  const p = phaseouts[year] as unknown as Json;

  it('tax_year matches the file name', () => {
    expect(c.tax_year).toBe(year);
    expect(p.tax_year).toBe(year);
  });

  it('every source id used is defined in `sources`, and every defined source is used', () => {
    for (const table of [c, p]) {
      const defined = Object.keys(table.sources as Json);
      const refs = sourceRefs(table);
      expect(refs.length).toBeGreaterThan(0);
      for (const [where, id] of refs) {
        expect(defined, `${where} -> ${id}`).toContain(id);
      }
      const used = new Set(refs.map(([, id]) => id));
      for (const id of defined) expect(used.has(id), `unused source ${id}`).toBe(true);
      for (const text of Object.values(table.sources as Json)) {
        expect(typeof text).toBe('string');
        expect((text as string).length).toBeGreaterThan(20);
      }
    }
  });

  it('every phase-out range is ascending and non-negative', () => {
    const d = phaseouts[year].traditional_deduction;
    const all: Range[] = [
      ...Object.values(d.covered),
      ...Object.values(d.spouse_covered),
      phaseouts[year].roth.single,
      phaseouts[year].roth.hoh,
      phaseouts[year].roth.mfj,
      phaseouts[year].roth.qss,
      phaseouts[year].roth.mfs,
    ] as Range[];
    for (const r of all) {
      expect(r).toHaveLength(2);
      expect(r[0]).toBeGreaterThanOrEqual(0);
      expect(r[1]).toBeGreaterThan(r[0]);
    }
  });

  it('deduction widths are the statutory ones (IRC 219(g)(2)(A)(ii), 219(g)(7)(B))', () => {
    const { covered, spouse_covered } = phaseouts[year].traditional_deduction;
    expect(width(covered.single as Range)).toBe(10_000);
    expect(width(covered.hoh as Range)).toBe(10_000);
    expect(width(covered.mfj as Range)).toBe(20_000); // "$20,000 in the case of a joint return"
    expect(width(covered.qss as Range)).toBe(20_000); // IRS treats QSS as joint
    expect(covered.mfs).toEqual([0, 10_000]); // 219(g)(3)(B)(iii): zero, not indexed
    expect(width(spouse_covered.mfj as Range)).toBe(10_000); // 219(g)(7)(B): $10,000, not $20,000
    expect(spouse_covered.mfs).toEqual([0, 10_000]);
    // No spouse-covered range exists for filers without a spouse.
    expect(Object.keys(spouse_covered).sort()).toEqual(['mfj', 'mfs']);
  });

  it('Roth widths are the statutory ones (IRC 408A(c)(3)(A)(ii))', () => {
    const r = phaseouts[year].roth;
    expect(width(r.single as Range)).toBe(15_000);
    expect(width(r.hoh as Range)).toBe(15_000);
    expect(width(r.mfj as Range)).toBe(10_000); // "$10,000 in the case of a joint return"
    expect(width(r.qss as Range)).toBe(10_000);
    expect(r.mfs).toEqual([0, 10_000]); // 408A(c)(3)(B)(ii)(III): zero, not indexed
  });

  it('filing-status groupings: hoh = single; qss = mfj (IRS administrative treatment)', () => {
    const { covered } = phaseouts[year].traditional_deduction;
    const r = phaseouts[year].roth;
    expect(covered.hoh).toEqual(covered.single);
    expect(covered.qss).toEqual(covered.mfj);
    expect(r.hoh).toEqual(r.single);
    expect(r.qss).toEqual(r.mfj);
  });

  it('indexed starting points are multiples of $1,000 (219(g)(8), 408A(c)(3)(D))', () => {
    const { covered, spouse_covered } = phaseouts[year].traditional_deduction;
    const r = phaseouts[year].roth;
    for (const range of [covered.single, covered.mfj, spouse_covered.mfj, r.single, r.mfj] as Range[]) {
      expect(range[0] % 1_000).toBe(0);
    }
  });

  it('219(g)(7)(A) and 408A(c)(3)(B)(ii)(I) share a $150,000 base, 2005 base year and $1,000 rounding, so they coincide', () => {
    expect(phaseouts[year].traditional_deduction.spouse_covered.mfj).toEqual(phaseouts[year].roth.mfj);
  });

  it('rounding rule: up to the next $10, $200 floor (219(g)(2)(B)-(C); 408A(c)(3)(A))', () => {
    expect(phaseouts[year].rounding.step).toBe(10);
    expect(phaseouts[year].rounding.minimum).toBe(200);
  });

  it('contribution amounts respect their statutory rounding increments', () => {
    const k = contributions[year];
    expect(k.elective_deferral.limit % 500).toBe(0); // 402(g)(4)
    expect(k.elective_deferral.catch_up_50 % 500).toBe(0); // 414(v)(2)(C)
    expect(k.ira.limit % 500).toBe(0); // 219(b)(5)(C)
    expect(k.ira.catch_up_50 % 100).toBe(0); // SECURE 2.0 s.108: $100 steps
    expect(k.annual_additions_415c.limit % 1_000).toBe(0); // 415(d)(4)(B)
    expect(k.compensation_limit_401a17.limit % 5_000).toBe(0); // 401(a)(17)(B)
    expect(k.simple.limit % 500).toBe(0); // 408(p)(2)(E)
    expect(k.simple.catch_up_50 % 500).toBe(0);
    expect(k.sep.min_compensation_for_participation % 50).toBe(0); // 408(k)(8)
    expect(k.hsa.self_only % 50).toBe(0); // 223(g)(1)
    expect(k.hsa.family % 50).toBe(0);
    expect(k.roth_catch_up.wage_threshold % 5_000).toBe(0); // 414(v)(7)(E)
  });

  it('fixed statutory amounts', () => {
    const k = contributions[year];
    expect(k.hsa.catch_up_55).toBe(1_000); // 223(b)(3)(B): $1,000 for 2009 and thereafter
    expect(k.sep.compensation_rate).toBe(0.25); // 402(h)(2)(A), 404(h)(1)(C)
    expect(k.roth_catch_up.wages_year).toBe(year - 1); // 414(v)(7)(A): preceding calendar year
  });

  it('HSA family limit exceeds self-only; small-employer SIMPLE deferral exceeds general', () => {
    const k = contributions[year];
    expect(k.hsa.family).toBeGreaterThan(k.hsa.self_only);
    expect(k.simple.limit_small_employer).toBeGreaterThan(k.simple.limit);
  });
});

describe('limit tables: keys that do not exist in a year are absent', () => {
  it('no ages 60-63 catch-up before 2025 (SECURE 2.0 s.109: taxable years beginning after 2024)', () => {
    expect('catch_up_60_63' in c2024.elective_deferral).toBe(false);
    expect('catch_up_60_63' in c2024.simple).toBe(false);
    expect(c2025.elective_deferral).toHaveProperty('catch_up_60_63');
    expect(c2026.simple).toHaveProperty('catch_up_60_63');
  });
});

describe('limit tables: cross-year invariants', () => {
  it('indexed amounts never decrease year over year', () => {
    const pick = (
      k: (typeof contributions)[2024] | (typeof contributions)[2025] | (typeof contributions)[2026],
    ) => [
      k.elective_deferral.limit,
      k.elective_deferral.catch_up_50,
      k.ira.limit,
      k.ira.catch_up_50,
      k.annual_additions_415c.limit,
      k.compensation_limit_401a17.limit,
      k.simple.limit,
      k.simple.catch_up_50,
      k.simple.limit_small_employer,
      k.simple.catch_up_50_small_employer,
      k.sep.min_compensation_for_participation,
      k.hsa.self_only,
      k.hsa.family,
      k.roth_catch_up.wage_threshold,
    ];
    const [a, b, c] = [pick(c2024), pick(c2025), pick(c2026)];
    a.forEach((v, i) => {
      expect(b[i]).toBeGreaterThanOrEqual(v);
      expect(c[i]).toBeGreaterThanOrEqual(b[i] as number);
    });
    const starts = (p: typeof p2024) => [
      p.traditional_deduction.covered.single[0],
      p.traditional_deduction.covered.mfj[0],
      p.traditional_deduction.spouse_covered.mfj[0],
      p.roth.single[0],
      p.roth.mfj[0],
    ];
    const [s4, s5, s6] = [starts(p2024), starts(p2025), starts(p2026)];
    s4.forEach((v, i) => {
      expect(s5[i]).toBeGreaterThanOrEqual(v as number);
      expect(s6[i]).toBeGreaterThanOrEqual(s5[i] as number);
    });
  });

  it('ages 60-63 amounts follow the 414(v)(2)(E) formula', () => {
    // Non-SIMPLE: greater of $10,000 or 150% of the 2024 age-50 amount.
    expect(c2025.elective_deferral.catch_up_60_63).toBe(
      Math.max(10_000, 1.5 * c2024.elective_deferral.catch_up_50),
    );
    // SIMPLE: greater of $5,000 or 150% of the 2025 SIMPLE age-50 amount.
    expect(c2025.simple.catch_up_60_63).toBe(Math.max(5_000, 1.5 * c2025.simple.catch_up_50));
    // Notice 2025-67: both unchanged for 2026 even though the age-50 amounts rose.
    expect(c2026.elective_deferral.catch_up_60_63).toBe(11_250);
    expect(c2026.simple.catch_up_60_63).toBe(5_250);
  });

  it('2024 small-employer SIMPLE figures are 110% of the 2024 general figures (SECURE 2.0 s.117)', () => {
    expect(c2024.simple.limit_small_employer).toBe(Math.round(1.1 * c2024.simple.limit));
    expect(c2024.simple.catch_up_50_small_employer).toBe(Math.round(1.1 * c2024.simple.catch_up_50));
  });
});

describe('limit tables: spot values', () => {
  it('2024 (Notice 2023-75; Rev. Proc. 2023-23)', () => {
    expect(c2024.elective_deferral).toMatchObject({ limit: 23_000, catch_up_50: 7_500 }); // 402(g)(1), 414(v)(2)(B)(i)
    expect(c2024.ira).toMatchObject({ limit: 7_000, catch_up_50: 1_000 });
    expect(c2024.annual_additions_415c.limit).toBe(69_000);
    expect(c2024.compensation_limit_401a17.limit).toBe(345_000);
    expect(c2024.simple).toMatchObject({
      limit: 16_000,
      catch_up_50: 3_500,
      limit_small_employer: 17_600,
      catch_up_50_small_employer: 3_850,
    });
    expect(c2024.sep.min_compensation_for_participation).toBe(750);
    expect(c2024.hsa).toMatchObject({ self_only: 4_150, family: 8_300 }); // Rev. Proc. 2023-23 s.2.01(1)
    expect(c2024.roth_catch_up).toMatchObject({ wage_threshold: 145_000, in_force: false }); // statute; Notice 2023-62
  });

  it('2025 (Notice 2024-80; Rev. Proc. 2024-25)', () => {
    expect(c2025.elective_deferral).toMatchObject({
      limit: 23_500,
      catch_up_50: 7_500,
      catch_up_60_63: 11_250,
    });
    expect(c2025.ira).toMatchObject({ limit: 7_000, catch_up_50: 1_000 });
    expect(c2025.annual_additions_415c.limit).toBe(70_000);
    expect(c2025.compensation_limit_401a17.limit).toBe(350_000);
    expect(c2025.simple).toMatchObject({
      limit: 16_500,
      catch_up_50: 3_500,
      catch_up_60_63: 5_250,
      limit_small_employer: 17_600,
      catch_up_50_small_employer: 3_850,
    });
    expect(c2025.sep.min_compensation_for_participation).toBe(750);
    expect(c2025.hsa).toMatchObject({ self_only: 4_300, family: 8_550 }); // Rev. Proc. 2024-25 s.2.01(1)
    // Notice 2024-80: "Roth catch-up wage threshold for 2024 ... for 2025 ... remains $145,000"
    expect(c2025.roth_catch_up).toMatchObject({ wage_threshold: 145_000, wages_year: 2024, in_force: false });
  });

  it('2026 (Notice 2025-67; Rev. Proc. 2025-19)', () => {
    expect(c2026.elective_deferral).toMatchObject({
      limit: 24_500,
      catch_up_50: 8_000,
      catch_up_60_63: 11_250,
    });
    expect(c2026.ira).toMatchObject({ limit: 7_500, catch_up_50: 1_100 });
    expect(c2026.annual_additions_415c.limit).toBe(72_000);
    expect(c2026.compensation_limit_401a17.limit).toBe(360_000);
    expect(c2026.simple).toMatchObject({
      limit: 17_000,
      catch_up_50: 4_000,
      catch_up_60_63: 5_250,
      limit_small_employer: 18_100,
      catch_up_50_small_employer: 3_850, // below the general $4,000 — as published
    });
    expect(c2026.sep.min_compensation_for_participation).toBe(800);
    expect(c2026.hsa).toMatchObject({ self_only: 4_400, family: 8_750 });
    // Notice 2025-67: "Roth catch-up wage threshold for 2025 ... for 2026 ... increased from $145,000 to $150,000"
    expect(c2026.roth_catch_up).toMatchObject({ wage_threshold: 150_000, wages_year: 2025, in_force: true });
  });

  it('IRA phase-outs (Notices 2023-75, 2024-80, 2025-67)', () => {
    expect(p2024.traditional_deduction.covered.single).toEqual([77_000, 87_000]);
    expect(p2024.traditional_deduction.covered.mfj).toEqual([123_000, 143_000]);
    expect(p2024.traditional_deduction.spouse_covered.mfj).toEqual([230_000, 240_000]);
    expect(p2024.roth.single).toEqual([146_000, 161_000]);
    expect(p2024.roth.mfj).toEqual([230_000, 240_000]);

    expect(p2025.traditional_deduction.covered.single).toEqual([79_000, 89_000]);
    expect(p2025.traditional_deduction.covered.mfj).toEqual([126_000, 146_000]);
    expect(p2025.traditional_deduction.spouse_covered.mfj).toEqual([236_000, 246_000]);
    expect(p2025.roth.single).toEqual([150_000, 165_000]);
    expect(p2025.roth.mfj).toEqual([236_000, 246_000]);

    expect(p2026.traditional_deduction.covered.single).toEqual([81_000, 91_000]);
    expect(p2026.traditional_deduction.covered.mfj).toEqual([129_000, 149_000]);
    expect(p2026.traditional_deduction.spouse_covered.mfj).toEqual([242_000, 252_000]);
    expect(p2026.roth.single).toEqual([153_000, 168_000]);
    expect(p2026.roth.mfj).toEqual([242_000, 252_000]);
  });
});
