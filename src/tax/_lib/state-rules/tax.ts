/**
 * The tax kinds: the rate schedule, the credits (exemption, age and deduction credits, the credit of a
 * share of the tax), the add-backs, the surtaxes, New York's recapture and New Jersey's no-tax floor.
 *
 * @internal
 * @module
 */
import { dollars } from '../../../core/money';
import { add, decAt, divRound, type Int, max, min, mul, mulDivExact, pow10, sub, toNumber } from '../exact';
import { bracketIndexOf, form, scheduleOf, type Units } from '../state-units';
import { federalStandardDeduction } from './deductions';
import type { RuleKind } from './fold';
import { steps, stepsToRemove } from './limit-helpers';

/** The cliff amounts of a schedule that `taxable` is over, in total. */
function jumpsOver(
  c: Units,
  rows: { thresholds: number[]; jumps?: number[] | undefined },
  taxable: Int,
): Int {
  let total: Int = 0;
  const jumps = rows.jumps;
  if (jumps === undefined) return 0;
  for (let i = 0; i < jumps.length; i++) {
    const jump = jumps[i] as number;
    if (jump !== 0 && taxable > c.of(rows.thresholds[i] as number)) total = add(total, c.of(jump));
  }
  return total;
}

/** `schedule`: the tax on taxable income through the filing status's schedule (with its cliff amounts). */
export const schedule: RuleKind<'schedule'> = {
  stage: () => 7,
  apply(f, rule) {
    const name = rule.status_map[f.status];
    const rows = rule.schedules[name];
    if (rows === undefined) throw new TypeError(`${f.table.state}: no schedule ${name}`);
    const chosen = { name, rows, schedule: scheduleOf(rows) };
    f.schedule = chosen;
    f.bracketTax = add(f.c.tax(chosen.schedule, f.taxableIncome), jumpsOver(f.c, rows, f.taxableIncome));
  },
};

/** `exemption_credit`: by status. */
export const exemptionCredit: RuleKind<'exemption_credit'> = {
  stage: () => 8,
  apply(f, rule) {
    f.amounts.exemption_credit = f.c.of(rule[f.status]);
  },
};

/** `age_credit`: one person's, from `min_age`, added to the exemption credits. */
export const ageCredit: RuleKind<'age_credit'> = {
  stage: () => 8.2,
  apply(f, rule) {
    if (f.age !== undefined && f.age >= rule.min_age)
      f.amounts.exemption_credit = add(f.amounts.exemption_credit, f.c.of(rule.amount));
  },
};

/** `deduction_credit`: a share of the federal standard deduction, less its phase-out, added to the credits. */
export const deductionCredit: RuleKind<'deduction_credit'> = {
  stage: () => 8.2,
  apply(f, rule) {
    const { c, status } = f;
    const full = c.times(c.of(federalStandardDeduction(f.table.tax_year, status, f.age)), rule.rate);
    const start = c.of(rule.phaseout_start[status]);
    const reduction = c.times(max(sub(f.income, start), 0), rule.phaseout_rate);
    const credit = max(sub(full, reduction), 0);
    f.deductionCreditFull = full;
    f.amounts.exemption_credit = add(f.amounts.exemption_credit, credit);
    // while it phases out, each dollar of income takes `phaseout_rate` off the credit
    f.shareSlope = credit > 0 && f.income > start ? rule.phaseout_rate : 0;
  },
  limits(lx, rule) {
    // the credit less phaseout_rate per dollar over the start: gone at start + credit / phaseout_rate
    const units = lx.tax.units;
    const full = decAt(units.deductionCreditFull, units.unit);
    const start = rule.phaseout_start[lx.status];
    lx.add('deduction_credit', 'deduction_credit_phaseout_start', 'state_agi', start);
    lx.add(
      'deduction_credit',
      'deduction_credit_phaseout_end',
      'state_agi',
      full.div(rule.phaseout_rate).plus(start).toNumber(),
    );
  },
};

/** `tax_addback`: an amount per step of income over the start, up to a maximum, added to the tax. */
export const taxAddback: RuleKind<'tax_addback'> = {
  stage: () => 9,
  apply(f, rule) {
    const { c, status } = f;
    const count = c.stepsOver(f.income, rule.start[status], rule.step[status]);
    f.addbacks = add(f.addbacks, min(mul(count, c.of(rule.amount[status])), c.of(rule.max[status])));
  },
  limits(lx, rule, j) {
    const { status } = lx;
    const count = stepsToRemove(rule.max[status], rule.amount[status]);
    steps(rule.start[status], rule.step[status], count).forEach((at, k) => {
      lx.add('tax_addbacks', `tax_addback_${j + 1}_step_${k + 1}`, 'state_agi', at);
    });
  },
};

/** `tax_credit_rate`: the rate of the last tier the income is over, a credit of that share of the tax. */
export const taxCreditRate: RuleKind<'tax_credit_rate'> = {
  stage: () => 10,
  apply(f, rule) {
    for (const row of rule.tiers[f.status]) if (f.income > f.c.of(row.over)) f.creditRate = row.rate;
  },
  limits(lx, rule) {
    rule.tiers[lx.status].forEach((row, i) => {
      lx.add('tax_credit_rate', `tax_credit_rate_${i + 1}`, 'state_agi', row.over);
    });
  },
};

/** `surtax`: its rate on taxable income over its threshold. */
export const surtax: RuleKind<'surtax'> = {
  stage: () => 11,
  apply(f, rule) {
    const threshold = rule.threshold[f.status];
    const taxed = max(sub(f.taxableIncome, f.c.of(threshold)), 0);
    const tax = f.c.times(taxed, rule.rate);
    f.surtaxes.push({ name: rule.name, rate: rule.rate, threshold, taxed, tax });
    f.surtax = add(f.surtax, tax);
  },
};

/**
 * `recapture`: the tax it adds to the schedule's, and its share of the rate on the next dollar while it
 * phases in (the fraction taken as continuous). New York's worksheets are chosen by AGI and taxable
 * income together (2025 IT-201-I, e.g. worksheet 3: AGI over $323,200 and taxable income over
 * $323,200); a tier applies once both exceed its start, which, taxable income never exceeding AGI, is the
 * tier of the taxable income.
 */
export const recapture: RuleKind<'recapture'> = {
  stage: () => 12,
  apply(f, rule) {
    const { c } = f;
    const agi = f.income;
    const taxable = f.taxableIncome;
    const main = f.bracketTax;
    const chosen = f.schedule;
    if (chosen === undefined || agi <= c.of(rule.min_agi)) return;
    const sched = chosen.schedule;
    const rate = sched.rates[bracketIndexOf(sched, c.num(taxable))] as number;
    if (agi > c.of(rule.flat_above_agi)) {
      const top = sched.rates[sched.rates.length - 1] as number;
      f.recapture = sub(c.times(taxable, top), main);
      f.recaptureMarginal = top - rate;
      return;
    }
    const tiers = rule.tiers[chosen.name] ?? [];
    let tier = tiers[0];
    for (const row of tiers) {
      const over = c.of(row.over);
      if (taxable > over && agi > over) tier = row;
    }
    if (tier === undefined) return;
    const start = Math.max(rule.min_agi, tier.over);
    // the worksheet's fraction: AGI over the start (at most phase_in) / phase_in, rounded half up to
    // `fraction_places` (as a whole number of 10^-places)
    const excess = max(sub(agi, c.of(start)), 0);
    const phaseIn = c.of(rule.phase_in);
    const scale = pow10(rule.fraction_places);
    const fraction = min(divRound(mul(excess, scale), phaseIn), scale);
    const phasing = excess < phaseIn;
    const base = c.of(tier.base);
    if (tier.increment !== undefined) {
      // schedule tax + recapture base + fraction x incremental benefit (NY worksheets 2-5, 8-10, 13-15)
      f.recapture = add(base, mulDivExact(c.of(tier.increment), fraction, scale));
      f.recaptureMarginal = phasing ? tier.increment / rule.phase_in : 0;
      return;
    }
    // schedule tax + fraction x (rate x taxable income - schedule tax - base) (NY worksheets 1, 7, 12)
    const gap = sub(sub(c.times(taxable, tier.rate), main), base);
    f.recapture = add(base, mulDivExact(gap, fraction, scale));
    if (!phasing) {
      f.recaptureMarginal = tier.rate - rate;
      return;
    }
    // (tier rate - rate) x fraction + gap / phase_in, to the nearest double
    const difference = form(tier.rate - rate);
    const dScale = mul(scale, pow10(difference.places));
    f.recaptureMarginal = toNumber(
      add(mul(mul(difference.m, fraction), phaseIn), mul(gap, dScale)),
      mul(dScale, phaseIn),
    );
  },
  // New York's recapture phases in by the worksheets' fraction rounded to 4 places: lumps of cents every
  // $5 of AGI from min_agi and from each tier's start (a bracket top, offered with the brackets), which
  // no one dollar shows as a change of rate. Its flat top-rate limit is a threshold.
  limits(lx, rule) {
    lx.add('recapture', 'recapture_flat', 'state_agi', rule.flat_above_agi);
  },
};

/** `no_tax_at_or_below`: no tax at all while the state's AGI is at or below the floor. */
export const noTaxAtOrBelow: RuleKind<'no_tax_at_or_below'> = {
  stage: () => 13,
  apply(f, rule) {
    const floor = rule[f.status];
    const income = f.income;
    if (income > f.c.of(floor)) return;
    f.untaxed = true;
    f.notes.push(() => `income of ${dollars(f.c.num(income))} is at or below ${dollars(floor)}: no tax`);
  },
  limits(lx, rule) {
    lx.add('no_tax_at_or_below', 'no_tax_limit', 'state_agi', rule[lx.status]);
  },
};
