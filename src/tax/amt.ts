/**
 * The alternative minimum tax of an individual (IRC §55, Form 6251): exemption and its phase-out,
 * the 26%/28% rates, the 0/15/20% rates inside the AMT, and the preference an ISO exercise can add
 * before AMT is owed.
 *
 * Part of the federal tax engine (`TAX_ENGINE`), not an operation: other areas reach it only through
 * `src/tax/engine.ts` (test/completeness.test.ts). `@internal` marks the module's role; the names
 * `finplan/tax` re-exports from it stay public.
 *
 * @internal
 * @module
 */
import { Dec } from '../core/money';
import type { FilingStatus } from '../core/schema';
import type { Int } from './_lib/exact';
import {
  type Amt,
  AmtOf,
  amtExemptionOf,
  amtRateTaxOf,
  decimal,
  type FederalParams,
  federalParams,
  placesFor,
  unitsOfAny,
} from './_lib/federal';
import type { FederalTaxTable } from './federal-tables';

export type { Amt } from './_lib/federal';

/**
 * Alternative minimum tax, Form 6251 (2024-2026 layout), for an individual:
 *
 * - Part I: AMTI (line 4) is supplied by the caller: taxable income plus the standard deduction added
 *   back (line 2a: no standard deduction for the AMT, §56(b)(1)(E)) plus preferences such as the ISO
 *   bargain element (line 2i).
 * - Part II: exemption (line 5) reduced by the phase-out rate (25% through 2025, 50% from 2026: the
 *   table's `phaseout_rate`) times AMTI over the phase-out start; taxable excess (line 6); tentative
 *   minimum tax (lines 7-9); AMT = max(0, TMT - regular tax) (line 11).
 * - Part III (lines 12-40): qualified dividends and long-term gains keep their 0/15/20% rates inside
 *   the AMT, on the same band edges as the regular tax.
 *
 * Not modeled: the AMT foreign tax credit, the 25%/28% gain categories, the kiddie-tax exemption, and
 * the separate-return AMTI add-back of §55(d)(2)'s last sentence (MFS with AMTI above the exemption's
 * complete phase-out: 2024 $875,950, 2025 $900,350).
 */
export interface AmtInput {
  /** Alternative minimum taxable income (Form 6251 line 4). */
  readonly amti: Dec | number;
  /** Qualified dividends plus net long-term gain (QDCG worksheet line 4), not capped at taxable income. */
  readonly qualified: Dec | number;
  /** Regular taxable income less the qualified part (QDCG worksheet line 5; not below zero). */
  readonly ordinary_taxable: Dec | number;
  /** Regular tax (Form 6251 line 10). */
  readonly regular_tax: Dec | number;
}

/** Part III inputs that do not change with AMTI. */
interface GainStack {
  readonly qualified: Dec;
  readonly ordinaryTaxable: Dec;
}

/**
 * The AMT exemption (Form 6251 line 5): the table's exemption reduced by `phaseout_rate` x (AMTI over
 * `phaseout_start`), not below zero.
 *
 * @example
 * ```ts
 * import { amtExemption, federalTable } from 'finplan/tax';
 * // 2026 single: 90,100 - 50% x (600,000 - 500,000)
 * amtExemption(federalTable(2026), 'single', 600_000).toNumber(); // 40100
 * ```
 */
export function amtExemption(table: FederalTaxTable, status: FilingStatus, amti: Dec | number): Dec {
  const p = federalParams(table, status, placesFor(table, amti));
  return decimal(amtExemptionOf(p.amt, unitsOfAny(amti, p.hP)), p.tP);
}

/**
 * The §55(b)(1)(A) rate tax on an amount: 26% up to the breakpoint (half of it on a separate return:
 * the table's `rate_breakpoint`), 28% above (Form 6251 lines 7, 18, 39).
 *
 * @example
 * ```ts
 * import { amtRateTax, federalTable } from 'finplan/tax';
 * amtRateTax(federalTable(2025), 'single', 300_000).toNumber(); // 79218 = 26% x 239,100 + 28% x 60,900
 * ```
 */
export function amtRateTax(table: FederalTaxTable, status: FilingStatus, amount: Dec | number): Dec {
  const p = federalParams(table, status, placesFor(table, amount));
  return decimal(amtRateTaxOf(p.amt, unitsOfAny(amount, p.tP)), p.eP);
}

/** Form 6251 on the input's amounts, in the integer engine (at the places they need). */
function form6251(
  table: FederalTaxTable,
  status: FilingStatus,
  input: { amti: Dec | number; qualified: Dec | number; ordinary_taxable: Dec | number },
  regularTax: Dec | number,
): { p: FederalParams; amt: AmtOf } {
  const p = federalParams(
    table,
    status,
    placesFor(table, input.amti, input.qualified, input.ordinary_taxable, regularTax),
  );
  const h = (x: Dec | number): Int => unitsOfAny(x, p.hP);
  return {
    p,
    amt: new AmtOf(
      p,
      h(input.amti),
      h(input.qualified),
      h(input.ordinary_taxable),
      unitsOfAny(regularTax, p.tP),
    ),
  };
}

function gainStack(input: { qualified: Dec | number; ordinary_taxable: Dec | number }): GainStack {
  return {
    qualified: Dec.max(new Dec(input.qualified), 0),
    ordinaryTaxable: Dec.max(new Dec(input.ordinary_taxable), 0),
  };
}

/**
 * Tentative minimum tax (Form 6251 line 9) on a given AMTI: exemption, taxable excess, Part III.
 *
 * @example
 * ```ts
 * import { federalTable, tentativeMinimumTax } from 'finplan/tax';
 * tentativeMinimumTax(federalTable(2025), 'single', { amti: 200_000, qualified: 0, ordinary_taxable: 0 })
 *   .toNumber(); // 29094 = 26% x (200,000 - 88,100)
 * ```
 */
export function tentativeMinimumTax(
  table: FederalTaxTable,
  status: FilingStatus,
  input: { amti: Dec | number; qualified: Dec | number; ordinary_taxable: Dec | number },
): Dec {
  return form6251(table, status, input, 0).amt.tentative_minimum_tax;
}

/**
 * The full Form 6251 computation: exemption, taxable excess, tentative minimum tax and AMT.
 *
 * @example
 * ```ts
 * import { alternativeMinimumTax, federalTable } from 'finplan/tax';
 * // 2025 single, 150,000 of wages and a 100,000 ISO bargain element (see docs/tax.md):
 * // regular tax 25,067; AMTI 250,000; exemption 88,100; TMT 26% x 161,900 = 42,094; AMT 17,027.
 * alternativeMinimumTax(federalTable(2025), 'single', {
 *   amti: 250_000, qualified: 0, ordinary_taxable: 134_250, regular_tax: 25_067,
 * }).amt.toNumber(); // 17027
 * ```
 */
export function alternativeMinimumTax(table: FederalTaxTable, status: FilingStatus, input: AmtInput): Amt {
  return form6251(table, status, input, input.regular_tax).amt;
}

/**
 * The largest AMT preference (an ISO bargain element, say) that can be added to `amti` without
 * raising the AMT: solved exactly on the linear pieces of the tentative minimum tax.
 *
 * TMT(AMTI) is continuous, non-decreasing and piecewise linear. Its kinks in the taxable excess E are at
 * the 26/28% breakpoint BP, at E = Q (qualified income), Q + BP, line 21 and line 21 + line 29; E(AMTI)
 * has kinks at the exemption, the phase-out start, the complete phase-out, and where E leaves zero.
 * Every kink is mapped into AMTI (through each of E's three linear pieces: extra points are harmless),
 * TMT is evaluated at each, and the target is found by linear interpolation on the piece that crosses
 * it. Line 38 never exceeds line 39 here (line 38 taxes part of E at 0/15/20% < 26% and the rest on the
 * low end of the 26/28% schedule), so the line-40 minimum adds no kink.
 *
 * Target: the regular tax when there is no AMT yet; when the AMT is already positive, the current TMT
 * (the result is then the flat stretch, usually zero).
 *
 * @example
 * ```ts
 * import { amtPreferenceCapacity, federalTable } from 'finplan/tax';
 * // 2025 single, 150,000 of wages: regular tax 25,067, so 26% x (AMTI - 88,100) may reach 25,067.
 * amtPreferenceCapacity(federalTable(2025), 'single', {
 *   amti: 150_000, qualified: 0, ordinary_taxable: 134_250, regular_tax: 25_067,
 * }); // 34511.538461... = 88,100 + 25,067 / 0.26 - 150,000
 * ```
 */
export function amtPreferenceCapacity(table: FederalTaxTable, status: FilingStatus, input: AmtInput): number {
  const g = gainStack(input);
  const a0 = new Dec(input.amti);
  // Every point and value in exact decimals: a kink computed in floating point could land a hair past a
  // flat stretch and end it early.
  const tmt = (amti: Dec) => tentativeMinimumTax(table, status, { amti, ...gainInputs(g) });
  const regular = new Dec(input.regular_tax);
  const atStart = tmt(a0);
  const target = Dec.max(regular, atStart);

  const ex0 = new Dec(table.amt.exemption[status]);
  const start = new Dec(table.amt.phaseout_start[status]);
  const r = new Dec(table.amt.phaseout_rate);
  const bp = new Dec(table.amt.rate_breakpoint[status]);
  const q = g.qualified;
  const line21 = Dec.max(new Dec(table.ltcg.zero_rate_max[status]).minus(g.ordinaryTaxable), 0);
  const line29 = Dec.max(
    new Dec(table.ltcg.fifteen_rate_max[status]).minus(line21.plus(g.ordinaryTaxable)),
    0,
  );
  const eKinks = [new Dec(0), bp, q, q.plus(bp), line21, line21.plus(line29)];
  const onePlusR = r.plus(1);
  const candidates = [ex0, start, ex0.plus(r.times(start)).div(onePlusR)];
  if (r.gt(0)) candidates.push(start.plus(ex0.div(r)));
  for (const e of eKinks) candidates.push(e.plus(ex0), e.plus(ex0).plus(r.times(start)).div(onePlusR), e);

  const points = candidates.filter((x) => x.gt(a0)).sort((x, y) => x.comparedTo(y));
  let prev = a0;
  let prevTmt = atStart;
  for (const point of points) {
    if (point.eq(prev)) continue;
    const value = tmt(point);
    if (value.gt(target)) {
      const cross = prev.plus(target.minus(prevTmt).times(point.minus(prev)).div(value.minus(prevTmt)));
      return cross.minus(a0).toNumber();
    }
    prev = point;
    prevTmt = value;
  }
  // Past the last kink TMT is linear with a positive slope (28% of E, E rising one for one with AMTI).
  const slope = tmt(prev.plus(1)).minus(prevTmt);
  return prev.plus(target.minus(prevTmt).div(slope)).minus(a0).toNumber();
}

function gainInputs(g: GainStack): { qualified: Dec; ordinary_taxable: Dec } {
  return { qualified: g.qualified, ordinary_taxable: g.ordinaryTaxable };
}
