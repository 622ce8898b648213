// The cliff map's computation as it stood at cliff-map 2.3.0 (decimal.js amounts, string memo keys), kept
// as the oracle of the differential test in test/tax/cliff-map.test.ts: the exact integer composition
// that replaced it (issue 28) must give the same result for every request. It calls the engines of
// today (the federal, state, premium tax credit and IRMAA engines), whose own oracles are tested apart.
// Not product code.
import type * as z from 'zod/mini';
import { Dec, roundMoney, roundRate } from '../../src/core/money';
import { irmaaFor, irmaaSchedule } from '../../src/healthcare/_lib/irmaa';
import { type PremiumTaxCredit, premiumTaxCredit } from '../../src/healthcare/_lib/ptc';
import { applicablePercentageTables, irmaaTables } from '../../src/healthcare/_lib/year-tables';
import { type StateMeasure, stateLimits } from '../../src/tax/_lib/state-limits';
import type { StateTaxTable } from '../../src/tax/_lib/state-table';
import { stateTaxTables } from '../../src/tax/_lib/state-tables';
import { type StateTax, type StateTaxInput, stateTax } from '../../src/tax/_lib/state-tax';
import type { CliffMapInput, CliffMapResult } from '../../src/tax/cliff-map';
import {
  bracketCeilings,
  federalTable,
  type HouseholdYearTax,
  householdTax,
  taxableSocialSecurity,
} from '../../src/tax/engine';

type Input = z.output<typeof CliffMapInput>;
type Direction = CliffMapResult['ordinary'];
type ThresholdRow = Direction['thresholds'][number];
type MarginalRow = Omit<Direction, 'irmaa_cliff_cost' | 'irmaa_amortized_rate' | 'thresholds'>;

/** A state result's measure as a decimal (the oracle's own reading of the engine's result). */
function stateMeasure(tax: StateTax, measure: StateMeasure): Dec {
  switch (measure) {
    case 'state_agi':
      return tax.stateAgi;
    case 'federal_agi':
      return tax.federalAgi;
    case 'state_gross_income':
      return tax.stateGrossIncome;
    case 'taxable_income':
      return tax.taxableIncome;
  }
}

// ---------------------------------------------------------------------------------------------------
// The composed cost

/** One household-year with `ordinary` and `ltcg` dollars added, through every engine. */
interface CliffPoint {
  readonly fed: HouseholdYearTax;
  readonly state?: StateTax;
  readonly ptc?: PremiumTaxCredit;
  /** Annual IRMAA surcharge of the enrollees. */
  readonly irmaa: Dec;
  readonly irmaaTier: number;
  readonly householdIncome: Dec;
  readonly stateTax: Dec;
  readonly acaPremium: Dec;
  /** Federal tax + state tax + net ACA premium + IRMAA surcharge, exact. */
  readonly cost: Dec;
}

const ZERO = new Dec(0);

/** The Medicare table of premium year `year`, or the latest published one. */
function irmaaTableYear(premiumYear: number): number {
  const years = irmaaTables.years;
  return years.includes(premiumYear) ? premiumYear : (years[years.length - 1] as number);
}

/** The state engine's request besides the income (ordinary and qualified) and the federal tax. */
function stateInput(input: Input): Omit<StateTaxInput, 'state_taxable_income'> {
  return {
    filing_status: input.filing_status,
    social_security_income: input.social_security_benefits,
    age: input.age,
  };
}

/** The composed cost of a household-year with `ordinary` and `ltcg` dollars added. */
function householdCost(input: Input, ordinary: Dec, ltcg: Dec): CliffPoint {
  const ordinaryIncome = ordinary.plus(input.ordinary_income);
  const qualified = ltcg.plus(input.qualified_income);
  const earnedNow = new Dec(input.earned_income ?? input.ordinary_income);
  const earned = input.next_dollar_earned ? ordinary.plus(earnedNow) : earnedNow;
  const fed = householdTax({
    tax_year: input.tax_year,
    filing_status: input.filing_status,
    age: input.age,
    spouse_age: input.spouse_age,
    ordinary_income: ordinaryIncome.toNumber(),
    qualified_income: qualified.toNumber(),
    social_security_benefits: input.social_security_benefits,
    earned_income: earned.toNumber(),
  });
  let cost = fed.total;
  let state: StateTax | undefined;
  let stateAmount = ZERO;
  if (input.state !== undefined) {
    const table = stateTaxTables.get(input.tax_year)[input.state.toUpperCase()];
    if (table === undefined) throw new TypeError(`state ${input.state} passed validation without a table`);
    state = stateTax(table, {
      ...stateInput(input),
      state_taxable_income: ordinaryIncome.plus(qualified).toNumber(),
      // The states that deduct federal income tax (AL, MO, OR) take the one computed here.
      federal_income_tax: fed.regular_tax.toNumber(),
    });
    stateAmount = state.tax;
    cost = cost.plus(stateAmount);
  }
  // IRC 36B(d)(2)(B): household income adds the benefits the AGI leaves out.
  const householdIncome = fed.gross_income
    .plus(input.social_security_benefits)
    .minus(fed.taxable_social_security);
  let ptc: PremiumTaxCredit | undefined;
  let aca = ZERO;
  if (input.aca_coverage) {
    ptc = premiumTaxCredit({
      coverageYear: input.tax_year,
      householdSize: input.household_size as number,
      householdIncome: householdIncome.toNumber(),
      benchmarkAnnualPremium: input.benchmark_annual_premium as number,
      filingStatus: input.filing_status,
    });
    aca = ptc.net_premium;
    cost = cost.plus(aca);
  }
  let irmaa = ZERO;
  let irmaaTier = 0;
  if (input.medicare_enrollees > 0) {
    const tier = irmaaFor(
      irmaaTableYear(input.tax_year + 2),
      input.filing_status,
      fed.gross_income.toNumber(),
    );
    irmaaTier = tier.tier;
    irmaa = new Dec(tier.part_b_irmaa).plus(tier.part_d_irmaa).times(12).times(input.medicare_enrollees);
    cost = cost.plus(irmaa);
  }
  return {
    fed,
    ...(state === undefined ? {} : { state }),
    ...(ptc === undefined ? {} : { ptc }),
    irmaa,
    irmaaTier,
    householdIncome,
    stateTax: stateAmount,
    acaPremium: aca,
    cost,
  };
}

type Kind = 'ordinary' | 'ltcg';

/** Points already computed for a request (the threshold searches share their probes). */
const memo = new WeakMap<Input, Map<string, CliffPoint>>();

/** The point with `amount` dollars of `kind` added. */
function at(input: Input, kind: Kind, amount: Dec): CliffPoint {
  let points = memo.get(input);
  if (points === undefined) {
    points = new Map();
    memo.set(input, points);
  }
  const key = `${kind}:${amount.toString()}`;
  let point = points.get(key);
  if (point === undefined) {
    point = kind === 'ordinary' ? householdCost(input, amount, ZERO) : householdCost(input, ZERO, amount);
    points.set(key, point);
  }
  return point;
}

function marginalBetween(before: CliffPoint, after: CliffPoint): MarginalRow {
  const d = (f: (p: CliffPoint) => Dec) => roundRate(f(after).minus(f(before)));
  return {
    marginal_rate: d((p) => p.cost),
    income_tax: d((p) => p.fed.regular_tax),
    niit: d((p) => p.fed.niit),
    additional_medicare_tax: d((p) => p.fed.additional_medicare_tax),
    state_tax: d((p) => p.stateTax),
    aca_premium: d((p) => p.acaPremium),
    irmaa_surcharge: d((p) => p.irmaa),
    bracket_rate: before.fed.marginal_ordinary_rate,
    capital_gains_rate: before.fed.marginal_capital_gains_rate,
    taxable_social_security_added: d((p) => p.fed.taxable_social_security),
    senior_deduction_lost: roundRate(before.fed.senior_deduction.minus(after.fed.senior_deduction)),
  };
}

// ---------------------------------------------------------------------------------------------------
// Thresholds

/** A threshold the engines' tables expose: crossed where `past` turns true. */
interface Candidate {
  readonly name: string;
  readonly measure: string;
  readonly threshold: number;
  readonly source: string;
  readonly past: (p: CliffPoint) => boolean;
  /**
   * The measure `threshold` is set on, when it has one: it guides the search (interpolation between
   * the probes), `past` decides.
   */
  readonly value?: (p: CliffPoint) => Dec;
  /**
   * Whether the rule the threshold belongs to is in play one dollar past the crossing (the NIIT only
   * with investment income, the gains bands only with gains in taxable income): a rate change that
   * another threshold at the same place causes is not this one's.
   */
  readonly applies?: (p: CliffPoint) => boolean;
}

/** The cliff map's names for the incomes a state limit is set on. */
const STATE_MEASURES: Record<StateMeasure, string> = {
  state_agi: 'state_agi',
  federal_agi: 'magi',
  state_gross_income: 'state_gross_income',
  taxable_income: 'state_taxable_income',
};

const federalSource = (year: number, block: string) => `data/tax/federal/${year}.json#${block}`;

function candidates(input: Input, now: CliffPoint): Candidate[] {
  const year = input.tax_year;
  const status = input.filing_status;
  const table = federalTable(year);
  const list: Candidate[] = [];
  list.push({
    name: 'deductions_used_up',
    measure: 'taxable_income',
    threshold: 0,
    source: federalSource(year, 'standard_deduction'),
    past: (p) => p.fed.taxable_income.gt(0),
  });
  for (const bracket of bracketCeilings(year, status)) {
    if (bracket.ceiling === undefined) continue;
    const ceiling = bracket.ceiling;
    list.push({
      name: `federal_bracket_ceiling_${Math.round(bracket.rate * 100)}`,
      measure: 'ordinary_taxable_income',
      threshold: ceiling,
      source: federalSource(year, 'ordinary_brackets'),
      past: (p) => p.fed.ordinary_taxable_income.gt(ceiling),
      value: (p) => p.fed.ordinary_taxable_income,
    });
  }
  const ltcg = [
    ['ltcg_0_percent_max', table.ltcg.zero_rate_max[status]],
    ['ltcg_15_percent_max', table.ltcg.fifteen_rate_max[status]],
  ] as const;
  for (const [name, max] of ltcg) {
    list.push({
      name: `${name}_taxable_income`,
      applies: (p) => p.fed.qualified_taxable_income.gt(0),
      measure: 'taxable_income',
      threshold: max,
      source: federalSource(year, 'ltcg'),
      past: (p) => p.fed.taxable_income.gt(max),
      value: (p) => p.fed.taxable_income,
    });
    list.push({
      name: `${name}_ordinary_taxable_income`,
      applies: (p) => p.fed.qualified_taxable_income.gt(0),
      measure: 'ordinary_taxable_income',
      threshold: max,
      source: federalSource(year, 'ltcg'),
      past: (p) => p.fed.ordinary_taxable_income.gt(max),
      value: (p) => p.fed.ordinary_taxable_income,
    });
  }
  const niit = table.niit.threshold[status];
  list.push({
    name: 'niit_threshold',
    applies: (p) => p.fed.niit.gt(0),
    measure: 'magi',
    threshold: niit,
    source: federalSource(year, 'niit'),
    past: (p) => p.fed.gross_income.gt(niit),
    value: (p) => p.fed.gross_income,
  });
  const medicare = table.additional_medicare.threshold[status];
  list.push({
    name: 'additional_medicare_threshold',
    measure: 'earned_income',
    threshold: medicare,
    source: federalSource(year, 'additional_medicare'),
    past: (p) => p.fed.additional_medicare_tax.gt(0),
  });
  const senior = table.senior_deduction;
  const seniorStart = senior?.phaseout_start[status];
  if (
    senior !== undefined &&
    seniorStart !== null &&
    seniorStart !== undefined &&
    now.fed.senior_deduction.gt(0)
  ) {
    list.push({
      name: 'senior_deduction_phaseout_start',
      measure: 'magi',
      threshold: seniorStart,
      source: federalSource(year, 'senior_deduction'),
      past: (p) => p.fed.gross_income.gt(seniorStart),
      value: (p) => p.fed.gross_income,
    });
    list.push({
      name: 'senior_deduction_phaseout_end',
      measure: 'magi',
      threshold: new Dec(senior.amount_per_person).div(senior.phaseout_rate).plus(seniorStart).toNumber(),
      source: federalSource(year, 'senior_deduction'),
      past: (p) => p.fed.senior_deduction.isZero(),
      value: (p) => p.fed.gross_income,
    });
  }
  const social = now.fed.social_security;
  if (social !== undefined) {
    const base = social.base_amount;
    const adjusted = social.adjusted_base_amount;
    const provisional = (p: CliffPoint) => p.fed.social_security?.provisional_income ?? ZERO;
    list.push({
      name: 'social_security_base_amount',
      measure: 'provisional_income',
      threshold: base,
      source: 'data/tax/social-security-taxation.json#base_amount',
      past: (p) => provisional(p).gt(base),
      value: provisional,
    });
    list.push({
      name: 'social_security_adjusted_base_amount',
      measure: 'provisional_income',
      threshold: adjusted,
      source: 'data/tax/social-security-taxation.json#adjusted_base_amount',
      past: (p) => provisional(p).gt(adjusted),
      value: provisional,
    });
    // The 85% cap, as the engine computes it for an income no threshold holds back.
    const cap = taxableSocialSecurity({
      filing_status: status,
      benefits: input.social_security_benefits,
      other_income: 1e12,
    }).taxable;
    list.push({
      name: 'social_security_85_percent_cap',
      measure: 'taxable_social_security',
      threshold: cap.toNumber(),
      source: 'data/tax/social-security-taxation.json#inclusion_rates',
      past: (p) => p.fed.taxable_social_security.gte(cap),
      value: (p) => p.fed.taxable_social_security,
    });
  }
  if (now.state !== undefined && input.state !== undefined) {
    const code = input.state.toUpperCase();
    const source = `data/tax/state/${code.toLowerCase()}/${year}.json`;
    for (const row of now.state.brackets) {
      if (row.to === undefined) continue;
      const to = row.to;
      list.push({
        name: `${code.toLowerCase()}_bracket_ceiling_${roundRate(row.rate * 100)}`,
        measure: 'state_taxable_income',
        threshold: to,
        source,
        past: (p) => (p.state as StateTax).taxableIncome.gt(to),
        value: (p) => (p.state as StateTax).taxableIncome,
      });
    }
    for (const surtax of now.state.surtaxes) {
      const threshold = surtax.threshold;
      list.push({
        name: `${code.toLowerCase()}_surtax_${surtax.name}`,
        measure: 'state_taxable_income',
        threshold,
        source,
        past: (p) => (p.state as StateTax).taxableIncome.gt(threshold),
        value: (p) => (p.state as StateTax).taxableIncome,
      });
    }
    // The income limits of the state's deductions, exemptions, credits, exclusions and recaptures.
    const table = stateTaxTables.get(year)[code] as StateTaxTable;
    const limits = stateLimits(table, stateInput(input), now.state);
    for (const limit of limits) {
      const { measure, threshold, inclusive } = limit;
      const value = (p: CliffPoint) => stateMeasure(p.state as StateTax, measure);
      list.push({
        name: `${code.toLowerCase()}_${limit.name}`,
        measure: STATE_MEASURES[measure],
        threshold: roundMoney(threshold),
        source: `${source}#${limit.block}`,
        past: inclusive ? (p) => value(p).gte(threshold) : (p) => value(p).gt(threshold),
        // shown to the cent; the search aims at the exact limit (gap = value - shown threshold)
        value: (p) => value(p).minus(threshold).plus(roundMoney(threshold)),
      });
    }
  }
  if (now.ptc?.ineligible_reason === 'below_100_percent') {
    // The credit starts at the eligibility floor (100% of the guideline): crossing it gains the credit,
    // a cliff with a negative cost.
    const floor = new Dec(now.ptc.poverty_guideline)
      .times(applicablePercentageTables.get(year).eligibility.minimum_percent)
      .div(100);
    list.push({
      name: 'aca_100_percent',
      measure: 'household_income',
      threshold: floor.toNumber(),
      source: `data/healthcare/applicable-percentage/${year}.json#eligibility`,
      past: (p) => p.householdIncome.gte(floor),
      value: (p) => p.householdIncome,
    });
  }
  if (now.ptc?.cliff_income !== undefined) {
    const cliff = now.ptc.cliff_income;
    list.push({
      name: 'aca_400_percent',
      measure: 'household_income',
      threshold: cliff,
      source: `data/healthcare/applicable-percentage/${year}.json#eligibility`,
      past: (p) => p.householdIncome.gt(cliff),
      value: (p) => p.householdIncome,
    });
  }
  if (input.medicare_enrollees > 0) {
    const tableYear = irmaaTableYear(year + 2);
    for (const row of irmaaSchedule(tableYear, status)) {
      if (row.from === undefined) continue;
      const tier = row.tier;
      list.push({
        name: `irmaa_tier_${tier}`,
        measure: 'magi',
        threshold: row.from.magi,
        source: `data/healthcare/medicare/${tableYear}.json#tiers`,
        past: (p) => p.irmaaTier >= tier,
        value: (p) => p.fed.gross_income,
      });
    }
  }
  return list;
}

/** Doublings of the search bound before a threshold counts as out of reach. */
const MAX_DOUBLINGS = 60;
/** The search goes no further than this many cents of added income (10^12 dollars). */
const MAX_CENTS = 1e14;
const CENT = new Dec('0.01');

/** The smallest whole cent of added income at which `past` holds, or undefined when out of reach. */
function crossing(input: Input, kind: Kind, candidate: Candidate): Dec | undefined {
  const point = (cents: number) => at(input, kind, new Dec(cents).div(100));
  const past = (cents: number) => candidate.past(point(cents));
  const gap = (cents: number) =>
    candidate.value === undefined
      ? undefined
      : candidate.value(point(cents)).minus(candidate.threshold).toNumber();
  // A first bound where `past` holds: the gap itself (most measures rise a dollar a dollar or more),
  // then doublings.
  let lo = 0; // not past at 0
  const first = gap(0);
  let hi = first === undefined ? 100 : Math.max(1, Math.ceil(-first * 100));
  for (let i = 0; !past(hi); i++) {
    if (i === MAX_DOUBLINGS || hi > MAX_CENTS) return undefined;
    lo = hi;
    hi *= 2;
  }
  // Narrow [lo, hi] (lo not past, hi past) to adjacent cents: interpolation on the measure (exact on a
  // linear piece), with a bisection whenever an interpolation leaves more than half the interval.
  let interpolate = candidate.value !== undefined;
  while (hi - lo > 1) {
    let mid = Math.floor((lo + hi) / 2);
    if (interpolate) {
      const gLo = gap(lo) as number;
      const gHi = gap(hi) as number;
      if (gHi > gLo) mid = lo + Math.ceil((-gLo / (gHi - gLo)) * (hi - lo));
      mid = Math.min(Math.max(mid, lo + 1), hi - 1);
    }
    const width = hi - lo;
    if (past(mid)) {
      hi = mid;
      if (hi - 1 > lo && !past(hi - 1)) lo = hi - 1;
    } else {
      lo = mid;
      if (lo + 1 < hi && past(lo + 1)) hi = lo + 1;
    }
    interpolate = candidate.value !== undefined && hi - lo <= width / 2;
  }
  return new Dec(hi).div(100);
}

/** A cent's cost (or gain) at or above this is a cliff (a lump), below it part of a rate. */
const CLIFF_MINIMUM = 1;

function thresholdsAhead(input: Input, kind: Kind, now: CliffPoint): ThresholdRow[] {
  const rows: ThresholdRow[] = [];
  for (const candidate of candidates(input, now)) {
    if (candidate.past(now)) continue;
    const distance = crossing(input, kind, candidate);
    if (distance === undefined) continue;
    const crossed = at(input, kind, distance);
    const justBelow = at(input, kind, distance.minus(CENT));
    // The dollar just below the crossing; when the crossing is under a dollar away, the dollar below
    // the current income (income falls), or the rate after it when there is no such dollar.
    const base = kind === 'ordinary' ? input.ordinary_income : input.qualified_income;
    const from = distance.minus(new Dec('1.01'));
    const after = roundRate(at(input, kind, distance.plus(1)).cost.minus(crossed.cost));
    const before = from.plus(base).gte(0)
      ? roundRate(justBelow.cost.minus(at(input, kind, from).cost))
      : after;
    const lump = crossed.cost.minus(justBelow.cost);
    const cliff = lump.abs().gte(CLIFF_MINIMUM);
    if (!cliff && before === after) continue; // nothing changes here for this household
    if (candidate.applies !== undefined && !candidate.applies(at(input, kind, distance.plus(1)))) continue;
    rows.push({
      name: candidate.name,
      measure: candidate.measure,
      threshold: candidate.threshold,
      distance: roundMoney(distance),
      kind: cliff ? 'cliff' : 'rate_change',
      rate_before: before,
      rate_after: after,
      cliff_cost: cliff ? roundMoney(lump) : 0,
      average_rate_to_cross: roundRate(crossed.cost.minus(now.cost).div(distance)),
      source: candidate.source,
    });
  }
  return rows.sort((a, b) => a.distance - b.distance || a.name.localeCompare(b.name));
}

function direction(input: Input, kind: Kind, now: CliffPoint): Direction {
  const next = at(input, kind, new Dec(1));
  const marginal = marginalBetween(now, next);
  const thresholds = thresholdsAhead(input, kind, now);
  const irmaa = thresholds.find((row) => row.name.startsWith('irmaa_tier_') && row.kind === 'cliff');
  return {
    ...marginal,
    irmaa_cliff_cost: irmaa?.cliff_cost ?? 0,
    irmaa_amortized_rate: irmaa === undefined ? 0 : roundRate(new Dec(irmaa.cliff_cost).div(irmaa.distance)),
    thresholds,
  };
}

function series(input: Input, ordinary: Direction, ltcg: Direction) {
  const kind: Kind = input.series_income;
  const base = kind === 'ordinary' ? input.ordinary_income : input.qualified_income;
  const steps = Math.floor(input.series_range / input.series_step + 1e-9);
  const points = [];
  for (let i = 0; i <= steps; i++) {
    const added = roundMoney(new Dec(input.series_step).times(i));
    const p = at(input, kind, new Dec(added));
    points.push({
      added_income: added,
      income: roundMoney(new Dec(base).plus(added)),
      federal_tax: roundMoney(p.fed.total),
      state_tax: roundMoney(p.stateTax),
      aca_premium: roundMoney(p.acaPremium),
      irmaa_surcharge: roundMoney(p.irmaa),
      total_cost: roundMoney(p.cost),
    });
  }
  const last = points[points.length - 1]?.added_income ?? 0;
  const markers = (kind === 'ordinary' ? ordinary : ltcg).thresholds
    .filter((row) => row.distance <= last)
    .map((row) => ({ added_income: row.distance, name: row.name, kind: row.kind }));
  return { income: kind, step: input.series_step, points, markers };
}

export function cliffMapOracle(input: Input): CliffMapResult {
  const now = householdCost(input, ZERO, ZERO);
  const notes: string[] = [];
  let irmaaYears = {};
  if (input.medicare_enrollees > 0) {
    const premiumYear = input.tax_year + 2;
    const tableYear = irmaaTableYear(premiumYear);
    irmaaYears = { irmaa_premium_year: premiumYear, irmaa_table_year: tableYear };
    notes.push(
      `IRMAA: this year's MAGI sets the Medicare premiums of ${premiumYear} (two years later); the surcharge is counted here, in the year whose income causes it.`,
    );
    if (tableYear !== premiumYear) {
      notes.push(
        `The ${premiumYear} IRMAA table is not published yet: the ${tableYear} table (tiers and amounts) is used.`,
      );
    }
  }
  if (now.ptc !== undefined) {
    notes.push(
      `ACA: coverage year ${input.tax_year} measures household income against the ${now.ptc.poverty_guideline_year} poverty guideline (48 states and DC); the contribution is rounded to the whole dollar (Form 8962), so one dollar of income can move the premium by 0 or a whole dollar.`,
    );
  }
  if (input.state !== undefined) {
    notes.push(
      'State tax: ordinary and qualified income are passed as state_taxable_income and the benefits as social_security_income (pension exclusions are not applied).',
    );
  }
  const ordinary = direction(input, 'ordinary', now);
  const ltcg = direction(input, 'ltcg', now);
  return {
    tax_year: input.tax_year,
    filing_status: input.filing_status,
    magi: roundMoney(now.fed.gross_income),
    ...(input.aca_coverage ? { household_income: roundMoney(now.householdIncome) } : {}),
    federal_tax: roundMoney(now.fed.total),
    state_tax: roundMoney(now.stateTax),
    aca_premium: roundMoney(now.acaPremium),
    irmaa_surcharge: roundMoney(now.irmaa),
    total_cost: roundMoney(now.cost),
    ...irmaaYears,
    ...(now.ptc === undefined ? {} : { poverty_guideline_year: now.ptc.poverty_guideline_year }),
    ordinary,
    ltcg,
    series: series(input, ordinary, ltcg),
    notes,
  };
}
