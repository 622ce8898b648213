import * as z from 'zod/mini';
import { annuityCertainFactor, ceilCents, Dec, monthlyInterest, roundMoney, roundTo } from '../core/money';
import { defineOperation } from '../core/operation';
import {
  fieldIssue,
  flag,
  integer,
  nonNegativeMoney,
  number,
  oneOf,
  rate,
  withDefault,
} from '../core/schema';
import { povertyGuideline, povertyGuidelineTables } from '../healthcare/engine';
import { LOAN_RULES } from './_lib/loan-rules';

const COHORTS = ['before_2014_07', '2014_07_to_2026_06', 'from_2026_07'] as const;
const PLANS = ['standard', 'graduated', 'extended', 'ibr', 'paye', 'icr', 'rap'] as const;
type Plan = (typeof PLANS)[number];

const [RAP_YEAR, RAP_MONTH] = LOAN_RULES.rap.available_from.split('-').map(Number) as [number, number];
const TAX_EXCLUDED_THROUGH = LOAN_RULES.forgiveness_tax.excluded_through_year;
const GUIDELINE_YEARS = povertyGuidelineTables.years;
/** `YYYY-MM` as a month count (year x 12 + month), the form `start_year * 12 + start_month` takes. */
const monthOf = (yearMonth: string) => {
  const [year, month] = yearMonth.split('-').map(Number) as [number, number];
  return year * 12 + month;
};
const PAYE_ENROLL_BEFORE = monthOf(LOAN_RULES.paye.enrollment_before);
const ICR_ENROLL_BEFORE = monthOf(LOAN_RULES.icr.enrollment_before);
const MOVED_TO_IBR_FROM = monthOf(LOAN_RULES.idr_transition.moved_from);

const StudentLoanObject = z.strictObject({
  start_year: integer('Calendar year of the first payment (2024-2040).', { min: 2024, max: 2040 }),
  start_month: withDefault(integer('Month of the first payment (1-12, default 1).', { min: 1, max: 12 }), 1),
  balance: number('Federal Direct Loan balance when repayment starts (dollars, above 0).', {
    gt: 0,
    lt: 1e9,
  }),
  interest_rate: rate('Annual interest rate (weighted average of the loans; 0.065 = 6.5%; 0-0.2).', {
    min: 0,
    max: 0.2,
  }),
  borrower_cohort: withDefault(
    oneOf(
      COHORTS,
      'When the borrower first borrowed: before_2014_07 (a balance on July 1, 2014: original IBR), ' +
        '2014_07_to_2026_06 (new IBR borrower; default), from_2026_07 (any loan made on or after July 1, 2026: ' +
        'then all the loans may be repaid only under the tiered standard plan or RAP).',
    ),
    '2014_07_to_2026_06',
  ),
  agi: nonNegativeMoney(
    'Adjusted gross income in the first year (dollars; joint AGI when married filing jointly).',
  ),
  income_growth: withDefault(
    rate('Yearly growth of AGI (0.03 = 3%, default 0; -0.5 to 0.5).', { min: -0.5, max: 0.5 }),
    0,
  ),
  family_size: withDefault(
    integer('Family size for the poverty line (1-20, default 1).', { min: 1, max: 20 }),
    1,
  ),
  dependents: withDefault(
    integer('Dependents, for the RAP $50 a month reduction (0-20, default 0).', { min: 0, max: 20 }),
    0,
  ),
  poverty_guideline_year: z.optional(
    integer(
      `HHS poverty guideline year for IBR, PAYE and ICR (supported ${GUIDELINE_YEARS.join(', ')}; held level over the ` +
        'projection). Omitted: start_year, and those plans are reported unavailable when that guideline is not published here.',
    ),
  ),
  forgiveness_tax_rate: z.optional(
    rate('Marginal federal income tax rate on taxable forgiveness (0-0.5); omitted: no tax estimate.', {
      min: 0,
      max: 0.5,
    }),
  ),
  paye_new_borrower: z.optional(
    flag(
      'Pay As You Earn eligibility (34 CFR 685.209(a)): true when the borrower had no Direct or FFEL loan balance on ' +
        'October 1, 2007 (or when borrowing after that date) and received a Direct Loan disbursed on or after ' +
        'October 1, 2011. Omitted: true for 2014_07_to_2026_06, false for before_2014_07.',
    ),
  ),
  pslf_eligible: withDefault(
    flag(
      'Public Service Loan Forgiveness: true when the borrower works full time in qualifying public service through ' +
        '120 qualifying monthly payments (default false). Each plan then also reports the balance cancelled after ' +
        'the 120th payment, tax-free (IRC 108(f)(1)), and what was paid until then.',
    ),
    false,
  ),
  refinance_rate: z.optional(
    rate('Private refinance annual rate for the comparison (0-0.3); omitted: no comparison.', {
      min: 0,
      max: 0.3,
    }),
  ),
  refinance_term_years: withDefault(
    integer('Private refinance term in years (1-30, default 10).', { min: 1, max: 30 }),
    10,
  ),
});

/**
 * `/v1/education/student-loan` request. A `from_2026_07` cohort must start repaying on or after July
 * 2026; a given `poverty_guideline_year` must be on the poverty-guideline tables.
 */
export const StudentLoanInput = StudentLoanObject.check(
  z.superRefine((input, ctx) => {
    const issue = fieldIssue(ctx, input);
    const start = input.start_year * 12 + input.start_month;
    if (input.borrower_cohort === 'from_2026_07' && start < RAP_YEAR * 12 + RAP_MONTH) {
      issue(
        'start_year',
        `loans made on or after July 1, 2026 cannot be in repayment before ${LOAN_RULES.rap.available_from}`,
      );
    }
    const guidelineYear = input.poverty_guideline_year;
    if (guidelineYear !== undefined && !GUIDELINE_YEARS.includes(guidelineYear)) {
      issue(
        'poverty_guideline_year',
        `poverty_guideline_year ${guidelineYear} is not supported; supported: ${GUIDELINE_YEARS.join(', ')}`,
        { finplan: 'unsupported_year' },
      );
    }
  }),
);
export type StudentLoanInput = z.input<typeof StudentLoanInput>;

const money = (description: string) => z.number().check(z.describe(description));
const optionalMoney = (description: string) => z.optional(z.number()).check(z.describe(description));

const YearRow = z.object({
  repayment_year: z.int().check(z.describe('12-month period of repayment, from 1.')),
  payments: money('Paid by the borrower in the period.'),
  interest_paid: money('Of which interest.'),
  principal_paid: money('Of which principal.'),
  ending_balance: money('Principal plus unpaid interest at the end of the period.'),
});

const PlanResult = z.object({
  plan: z.enum(PLANS),
  available: z.boolean(),
  reason: z.optional(z.string()).check(z.describe('Why the plan is not available (omitted when it is).')),
  term_months: z.optional(z.int()).check(z.describe('Scheduled payments, or the months to forgiveness.')),
  first_payment: optionalMoney('First monthly payment.'),
  highest_payment: optionalMoney('Highest monthly payment.'),
  last_payment: optionalMoney('Last monthly payment made.'),
  number_of_payments: z.optional(z.int()).check(z.describe('Monthly payments made.')),
  total_paid: optionalMoney('Sum of the payments.'),
  total_interest_paid: optionalMoney('Interest in those payments.'),
  interest_waived: optionalMoney('RAP: interest not covered by the payment and not charged.'),
  principal_match: optionalMoney('RAP: principal reduced by the Secretary (up to $50 a month).'),
  moved_to_ibr_from: z
    .optional(z.string())
    .check(
      z.describe(
        'PAYE, ICR: month (YYYY-MM) from which the loans are repaid under IBR (Pub. L. 119-21 sec. 82001(a)); ' +
          'the earlier payments count toward IBR forgiveness, which sets term_months.',
      ),
    ),
  note: z.optional(z.string()).check(z.describe('A limit of the model for this plan.')),
  forgiven: optionalMoney('Balance (principal and unpaid interest) forgiven at the end of the term.'),
  forgiveness_year: z.optional(z.int()).check(z.describe('Calendar year of the forgiveness.')),
  forgiveness_taxable: z
    .optional(z.boolean())
    .check(z.describe('Whether the forgiveness is federal income (after 2025: yes, IRC 61(a)(12)).')),
  estimated_tax_on_forgiveness: optionalMoney('forgiven x forgiveness_tax_rate when taxable.'),
  pslf_qualifying: z
    .optional(z.boolean())
    .check(z.describe('With pslf_eligible: whether payments under the plan count toward PSLF.')),
  pslf_number_of_payments: z
    .optional(z.int())
    .check(
      z.describe(
        'With pslf_eligible, qualifying plan: payments made until PSLF (120, fewer if repaid first).',
      ),
    ),
  pslf_total_paid: optionalMoney('With pslf_eligible, qualifying plan: sum of those payments.'),
  pslf_forgiven: optionalMoney(
    'With pslf_eligible, qualifying plan: balance cancelled after the 120th payment, not taxable (IRC 108(f)(1)); ' +
      '0 when the loan is repaid first.',
  ),
  pslf_forgiveness_year: z
    .optional(z.int())
    .check(z.describe('Calendar year of the PSLF cancellation (omitted when nothing is cancelled).')),
  yearly: z.optional(z.array(YearRow)),
});

export const StudentLoanResult = z.object({
  monthly_rate: z.number().check(z.describe('interest_rate / 12: interest each month on the principal.')),
  poverty_line_150: optionalMoney('150% of the poverty guideline for family_size (IBR, PAYE).'),
  poverty_line_100: optionalMoney('100% of the poverty guideline for family_size (ICR).'),
  plans: z.array(PlanResult),
  lowest_total_cost_plan: z
    .optional(z.enum(PLANS))
    .check(
      z.describe(
        'Available plan with the lowest total_paid plus estimated tax on forgiveness; with pslf_eligible, ' +
          'pslf_total_paid for the plans that qualify.',
      ),
    ),
  not_modelled: z
    .array(z.object({ plan: z.string(), reason: z.string() }))
    .check(z.describe('Federal plans left out, with the reason.')),
  refinance: z.optional(
    z.object({
      rate: z.number(),
      term_months: z.int(),
      monthly_payment: money('Level payment, the last one adjusted.'),
      total_paid: money('Sum of the payments.'),
      total_interest_paid: money('Interest paid.'),
      difference_vs_standard: money(
        'total_paid of the federal standard plan minus total_paid of the refinance (positive: the refinance costs less). ' +
          'A private loan gives up income-driven plans, forgiveness, deferment and forbearance.',
      ),
    }),
  ),
});
/** The `result` of the envelope: the type of the `StudentLoanResult` schema. */
export type StudentLoanResult = z.infer<typeof StudentLoanResult>;

const NOT_MODELLED = [
  {
    plan: 'save',
    reason:
      'SAVE (REPAYE as amended in 2023): its payment terms enjoined by the Eighth Circuit (Missouri v. Biden, ' +
      'No. 24-2332, August 2024; the whole rule, February 2025), and its borrowers moved to RAP or IBR by July 1, ' +
      '2028 under Pub. L. 119-21 sec. 82001(a): not in force for any start date this operation covers.',
  },
  {
    plan: 'graduated_extended',
    reason: 'Extended graduated repayment: its stepping is not fixed by statute or regulation.',
  },
] as const;

/** Level monthly payment of `months` payments amortizing `balance` at `i` a month, half up to the cent. */
function levelPayment(balance: number, i: number, months: number): number {
  return roundMoney((balance * (1 + i) ** months) / annuityCertainFactor(i, months));
}

/** Zero (decimal.js values are immutable: one serves every sum). */
const ZERO = new Dec(0);

interface Run {
  payments: Dec[];
  interestPaid: Dec;
  waived: Dec;
  match: Dec;
  remaining: Dec;
  yearly: z.output<typeof YearRow>[];
}

/**
 * Month by month: interest on the principal (simple, `monthlyInterest`), the payment to unpaid interest
 * first, then principal. `payment(month)` is the scheduled payment; `last` months at most; a fixed-term
 * plan's last payment clears the balance. RAP waives unpaid interest and matches principal up to $50.
 */
function amortize(
  balance: number,
  annualRate: number,
  months: number,
  payment: (month: number) => number,
  options: { fixedTerm: boolean; rap: boolean },
): Run {
  // the rate and a repeated scheduled payment as decimals once, the balance owed once a month
  const rate = new Dec(annualRate);
  let scheduled: number | undefined;
  let scheduledPay = ZERO;
  let principal = new Dec(balance);
  let accrued = ZERO;
  let owed = principal;
  const payments: Dec[] = [];
  let interestPaid = ZERO;
  let waived = ZERO;
  let match = ZERO;
  const yearly: Run['yearly'] = [];
  let year = { paid: ZERO, interest: ZERO, principal: ZERO };
  for (let m = 0; m < months && owed.gt(0); m++) {
    const due = accrued.plus(monthlyInterest(principal, rate));
    const amount = payment(m);
    if (!Object.is(amount, scheduled)) {
      scheduled = amount;
      scheduledPay = new Dec(amount);
    }
    let pay = scheduledPay;
    const payoff = principal.plus(due);
    if (pay.gte(payoff) || (options.fixedTerm && m === months - 1)) pay = payoff;
    const toInterest = Dec.min(pay, due);
    const toPrincipal = pay.minus(toInterest);
    principal = principal.minus(toPrincipal);
    if (options.rap) {
      waived = waived.plus(due.minus(toInterest));
      accrued = ZERO;
      const matched = Dec.min(
        Dec.max(0, Dec.min(LOAN_RULES.rap.principal_match_monthly, pay).minus(toPrincipal)),
        principal,
      );
      match = match.plus(matched);
      principal = principal.minus(matched);
    } else {
      accrued = due.minus(toInterest);
    }
    payments.push(pay);
    interestPaid = interestPaid.plus(toInterest);
    year.paid = year.paid.plus(pay);
    year.interest = year.interest.plus(toInterest);
    year.principal = year.principal.plus(toPrincipal);
    owed = principal.plus(accrued);
    const done = !owed.gt(0) || m === months - 1;
    if (m % 12 === 11 || done) {
      yearly.push({
        repayment_year: Math.floor(m / 12) + 1,
        payments: year.paid.toNumber(),
        interest_paid: year.interest.toNumber(),
        principal_paid: year.principal.toNumber(),
        ending_balance: owed.toNumber(),
      });
      year = { paid: ZERO, interest: ZERO, principal: ZERO };
    }
  }
  return { payments, interestPaid, waived, match, remaining: owed, yearly };
}

/** Graduated: payments rise every 24 months by a factor g; see docs/education.md. */
function graduatedStages(balance: number, i: number): number[] {
  const { years, step_months: step, max_payment_ratio: maxRatio } = LOAN_RULES.graduated;
  const stages = (years * 12) / step;
  const a = i === 0 ? step : -Math.expm1(-step * Math.log1p(i)) / i; // PV of `step` payments of 1
  const v = (1 + i) ** -step;
  const pv = (p0: number, g: number) => {
    let sum = 0;
    for (let k = 0; k < stages; k++) sum += (g * v) ** k;
    return p0 * a * sum;
  };
  const gMax = maxRatio ** (1 / (stages - 1));
  let p0 = ceilCents(balance * i);
  let g = gMax;
  if (pv(p0, gMax) <= balance) {
    p0 = ceilCents(balance / pv(1, gMax));
  } else {
    let lo = 1;
    let hi = gMax;
    for (let n = 0; n < 200; n++) {
      const mid = (lo + hi) / 2;
      if (pv(p0, mid) < balance) lo = mid;
      else hi = mid;
    }
    g = hi;
  }
  // Up to the cent, so the steps never fall short (the last payment clears what is left) and the last
  // step stays within max_payment_ratio of the first (p0 g^k <= 3 p0, a whole number of cents).
  return Array.from({ length: stages }, (_, k) =>
    Math.min(ceilCents(p0 * g ** k), roundMoney(maxRatio * p0)),
  );
}

function forgivenessFacts(
  input: z.output<typeof StudentLoanInput>,
  run: Run,
  months: number,
): Partial<z.output<typeof PlanResult>> {
  if (!run.remaining.gt(0)) return {};
  const monthIndex = input.start_month - 1 + months;
  const year = input.start_year + Math.floor(monthIndex / 12);
  const taxable = year > TAX_EXCLUDED_THROUGH;
  const forgiven = run.remaining.toNumber();
  return {
    forgiven,
    forgiveness_year: year,
    forgiveness_taxable: taxable,
    ...(input.forgiveness_tax_rate === undefined
      ? {}
      : { estimated_tax_on_forgiveness: taxable ? roundMoney(forgiven * input.forgiveness_tax_rate) : 0 }),
  };
}

interface Projection {
  plan: Plan;
  months: number;
  payment: (month: number) => number;
  fixedTerm?: boolean;
  /** Income-driven: forgiveness facts at the end of the term. */
  idr?: boolean;
  /** Payments under the plan count toward Public Service Loan Forgiveness. */
  pslf?: boolean;
  /** PAYE, ICR: the month index from which IBR applies (shown when the loan is still being repaid). */
  movedIndex?: number;
  /** Fields shown before the schedule (a note). */
  extra?: Partial<z.output<typeof PlanResult>>;
}

const sumOf = (payments: Dec[]) => payments.reduce((sum, p) => sum.plus(p), new Dec(0));

/**
 * PSLF (HEA 455(m), 34 CFR 685.219): with `pslf_eligible`, the balance left after the 120th qualifying
 * payment is cancelled, not taxable (IRC 108(f)(1)). The first 120 months of the plan's own schedule.
 */
function pslfFacts(
  input: z.output<typeof StudentLoanInput>,
  p: Projection,
  rap: boolean,
): Partial<z.output<typeof PlanResult>> {
  if (!input.pslf_eligible) return {};
  if (!p.pslf) return { pslf_qualifying: false };
  const n = Math.min(LOAN_RULES.pslf.qualifying_payments, p.months);
  const run = amortize(input.balance, input.interest_rate, n, p.payment, {
    fixedTerm: (p.fixedTerm ?? false) && n === p.months,
    rap,
  });
  const forgiven = run.remaining.toNumber();
  return {
    pslf_qualifying: true,
    pslf_number_of_payments: run.payments.length,
    pslf_total_paid: sumOf(run.payments).toNumber(),
    pslf_forgiven: forgiven,
    ...(forgiven > 0
      ? { pslf_forgiveness_year: input.start_year + Math.floor((input.start_month - 1 + n) / 12) }
      : {}),
  };
}

/** Runs a plan month by month and summarizes it. */
function project(input: z.output<typeof StudentLoanInput>, p: Projection): z.output<typeof PlanResult> {
  const rap = p.plan === 'rap';
  const run = amortize(input.balance, input.interest_rate, p.months, p.payment, {
    fixedTerm: p.fixedTerm ?? false,
    rap,
  });
  const highest = run.payments.reduce((max, pay) => (pay.gt(max) ? pay : max), new Dec(0));
  return {
    plan: p.plan,
    available: true,
    term_months: p.months,
    first_payment: (run.payments[0] ?? new Dec(0)).toNumber(),
    highest_payment: highest.toNumber(),
    last_payment: (run.payments[run.payments.length - 1] ?? new Dec(0)).toNumber(),
    number_of_payments: run.payments.length,
    total_paid: sumOf(run.payments).toNumber(),
    total_interest_paid: run.interestPaid.toNumber(),
    ...(rap ? { interest_waived: run.waived.toNumber(), principal_match: run.match.toNumber() } : {}),
    ...(p.movedIndex !== undefined && run.payments.length > p.movedIndex
      ? { moved_to_ibr_from: LOAN_RULES.idr_transition.moved_from }
      : {}),
    ...p.extra,
    ...(p.idr ? forgivenessFacts(input, run, p.months) : {}),
    ...pslfFacts(input, p, rap),
    yearly: run.yearly,
  };
}

/** AGI of repayment year t (0-based), to the cent. */
const agiOf = (input: z.output<typeof StudentLoanInput>, t: number) =>
  roundMoney(input.agi * (1 + input.income_growth) ** t);

/**
 * RAP monthly payment for an AGI (34 CFR 685.209(b)(2), (f)(5), (g)(3)(ii)): the yearly base payment
 * ($120 up to $10,000 of AGI, else the bracket rate x the whole AGI; an AGI on a bracket boundary takes
 * the lower rate) / 12, half up to the cent, less $50 per dependent, at least $10.
 */
function rapPayment(agi: number, dependents: number): number {
  const rules = LOAN_RULES.rap;
  let base = rules.low_income_annual_base;
  if (agi > rules.no_percentage_agi_up_to) {
    let rate = 0;
    for (const bracket of rules.rates) if (agi > bracket.agi_over) rate = bracket.rate;
    base = agi * rate;
  }
  const monthly = roundMoney(base / 12) - dependents * rules.dependent_reduction_monthly;
  return Math.max(rules.minimum_monthly_payment, roundMoney(monthly));
}

function compute(input: z.output<typeof StudentLoanInput>): StudentLoanResult {
  const { balance, interest_rate: annual } = input;
  const i = annual / 12;
  const newLoans = input.borrower_cohort === 'from_2026_07';
  const start = input.start_year * 12 + input.start_month;
  const closed = (plan: Plan, reason: string): z.output<typeof PlanResult> => ({
    plan,
    available: false,
    reason,
  });
  const plans: z.output<typeof PlanResult>[] = [];

  // Standard: 10 years; loans made from July 1, 2026: 10/15/20/25 years by balance. Only the 10-year
  // standard plan counts for PSLF (a tiered term over 10 years is treated as not qualifying).
  const standardYears = newLoans
    ? LOAN_RULES.new_standard.tiers.reduce(
        (years, tier) => (balance >= tier.balance_from ? tier.years : years),
        0,
      )
    : LOAN_RULES.standard.years;
  const standardMonths = standardYears * 12;
  const standardPayment = levelPayment(balance, i, standardMonths);
  plans.push(
    project(input, {
      plan: 'standard',
      months: standardMonths,
      payment: () => standardPayment,
      fixedTerm: true,
      pslf: standardYears === LOAN_RULES.standard.years,
    }),
  );

  const onlyNew =
    'loans made on or after July 1, 2026 may be repaid only under the standard plan or RAP (Pub. L. 119-21)';
  if (newLoans) {
    plans.push(closed('graduated', onlyNew));
  } else {
    const stages = graduatedStages(balance, i);
    const step = LOAN_RULES.graduated.step_months;
    plans.push(
      project(input, {
        plan: 'graduated',
        months: LOAN_RULES.graduated.years * 12,
        payment: (m) => stages[Math.floor(m / step)] as number,
        fixedTerm: true,
      }),
    );
  }

  if (newLoans) {
    plans.push(closed('extended', onlyNew));
  } else if (balance <= LOAN_RULES.extended.minimum_balance_over) {
    plans.push(
      closed('extended', `needs more than ${LOAN_RULES.extended.minimum_balance_over} of Direct Loans`),
    );
  } else {
    const months = LOAN_RULES.extended.years * 12;
    const payment = levelPayment(balance, i, months);
    plans.push(project(input, { plan: 'extended', months, payment: () => payment, fixedTerm: true }));
  }

  // Income-driven plans on the poverty guideline: IBR (HEA 493C), PAYE and ICR (34 CFR 685.209(a), (b)
  // before the 2023 amendments). Payment = rate x max(0, AGI - multiple x guideline) / 12, half up to
  // the cent, capped (IBR, PAYE) at the 10-year standard payment on the starting balance.
  const guidelineYear = input.poverty_guideline_year ?? input.start_year;
  const guideline = GUIDELINE_YEARS.includes(guidelineYear)
    ? povertyGuideline(guidelineYear, input.family_size)
    : undefined;
  const noGuideline =
    `the ${guidelineYear} HHS poverty guideline is not on the tables (supported: ${GUIDELINE_YEARS.join(', ')}); ` +
    'give poverty_guideline_year to use a published one';
  const incomeDriven = (rate: number, line: number, cap?: number) => (m: number) => {
    const payment = roundMoney((Math.max(0, agiOf(input, Math.floor(m / 12)) - line) * rate) / 12);
    return cap === undefined ? payment : Math.min(cap, payment);
  };
  const ibrTerms =
    input.borrower_cohort === 'before_2014_07' ? LOAN_RULES.ibr.original : LOAN_RULES.ibr.new_borrower;
  const ibrMonths = ibrTerms.forgiveness_years * 12;
  const povertyLine150 =
    guideline === undefined ? undefined : roundMoney(guideline * LOAN_RULES.ibr.poverty_line_multiple);
  const ibrPayment = incomeDriven(
    ibrTerms.rate,
    povertyLine150 ?? 0,
    levelPayment(balance, i, LOAN_RULES.ibr.payment_cap_standard_years * 12),
  );
  if (newLoans) plans.push(closed('ibr', onlyNew));
  else if (guideline === undefined) plans.push(closed('ibr', noGuideline));
  else
    plans.push(
      project(input, { plan: 'ibr', months: ibrMonths, payment: ibrPayment, idr: true, pslf: true }),
    );

  // PAYE and ICR: enrolment until June 2027 (90 FR 3695); from July 2028 the loans are repaid under IBR
  // on the borrower's IBR terms, the earlier payments counting toward IBR forgiveness (Pub. L. 119-21
  // sec. 82001(a); 20 U.S.C. 1098e(b)(7)(B)(iv)).
  const movedIndex = MOVED_TO_IBR_FROM - start;
  const thenIbr = (own: (m: number) => number) => (m: number) => (m < movedIndex ? own(m) : ibrPayment(m));
  const closedUntil = (name: string, before: string) =>
    `enrolment in ${name} closed at the start of ${before} (34 CFR 685.209 as amended by 90 FR 3695); ` +
    'all its borrowers move to RAP or IBR by July 1, 2028 (Pub. L. 119-21 sec. 82001(a))';
  const payeEligible = input.paye_new_borrower ?? input.borrower_cohort === '2014_07_to_2026_06';
  if (newLoans) plans.push(closed('paye', onlyNew));
  else if (start >= PAYE_ENROLL_BEFORE)
    plans.push(closed('paye', closedUntil('PAYE', LOAN_RULES.paye.enrollment_before)));
  else if (!payeEligible)
    plans.push(
      closed(
        'paye',
        'only for a new borrower of 34 CFR 685.209(a)(1)(iii) (no balance on October 1, 2007; a Direct Loan disbursed from October 1, 2011): see paye_new_borrower',
      ),
    );
  else if (guideline === undefined) plans.push(closed('paye', noGuideline));
  else {
    const paye = LOAN_RULES.paye;
    const own = incomeDriven(
      paye.rate,
      roundMoney(guideline * paye.poverty_line_multiple),
      levelPayment(balance, i, paye.payment_cap_standard_years * 12),
    );
    plans.push(
      project(input, {
        plan: 'paye',
        months: ibrMonths,
        payment: thenIbr(own),
        idr: true,
        pslf: true,
        movedIndex,
      }),
    );
  }

  let povertyLine100: number | undefined;
  if (newLoans) plans.push(closed('icr', onlyNew));
  else if (start >= ICR_ENROLL_BEFORE)
    plans.push(closed('icr', closedUntil('ICR', LOAN_RULES.icr.enrollment_before)));
  else if (guideline === undefined) plans.push(closed('icr', noGuideline));
  else {
    const icr = LOAN_RULES.icr;
    povertyLine100 = roundMoney(guideline * icr.poverty_line_multiple);
    plans.push(
      project(input, {
        plan: 'icr',
        months: ibrMonths,
        payment: thenIbr(incomeDriven(icr.rate, povertyLine100)),
        idr: true,
        pslf: true,
        movedIndex,
        extra: {
          note:
            'Only the 20% of discretionary income branch: the income percentage factors of the annual Federal ' +
            'Register notice are not on the tables, and ICR takes the lesser of the two branches, so these ' +
            'payments may be too high.',
        },
      }),
    );
  }

  if (start >= RAP_YEAR * 12 + RAP_MONTH) {
    plans.push(
      project(input, {
        plan: 'rap',
        months: LOAN_RULES.rap.forgiveness_payments,
        payment: (m) => rapPayment(agiOf(input, Math.floor(m / 12)), input.dependents),
        idr: true,
        pslf: true,
      }),
    );
  } else {
    plans.push(
      closed(
        'rap',
        `the Repayment Assistance Plan starts in ${LOAN_RULES.rap.available_from} (Pub. L. 119-21)`,
      ),
    );
  }

  let lowest: { plan: Plan; cost: number } | undefined;
  for (const plan of plans) {
    if (!plan.available || plan.total_paid === undefined) continue;
    const cost = plan.pslf_total_paid ?? plan.total_paid + (plan.estimated_tax_on_forgiveness ?? 0);
    if (!lowest || cost < lowest.cost) lowest = { plan: plan.plan, cost };
  }

  let refinance: StudentLoanResult['refinance'];
  if (input.refinance_rate !== undefined) {
    const months = input.refinance_term_years * 12;
    const payment = levelPayment(balance, input.refinance_rate / 12, months);
    const run = amortize(balance, input.refinance_rate, months, () => payment, {
      fixedTerm: true,
      rap: false,
    });
    const paid = run.payments.reduce((sum, p) => sum.plus(p), new Dec(0));
    refinance = {
      rate: input.refinance_rate,
      term_months: months,
      monthly_payment: payment,
      total_paid: paid.toNumber(),
      total_interest_paid: run.interestPaid.toNumber(),
      difference_vs_standard: new Dec(plans[0]?.total_paid ?? 0).minus(paid).toNumber(),
    };
  }

  return {
    monthly_rate: roundTo(i, 10),
    ...(povertyLine150 === undefined || newLoans ? {} : { poverty_line_150: povertyLine150 }),
    ...(povertyLine100 === undefined ? {} : { poverty_line_100: povertyLine100 }),
    plans,
    ...(lowest ? { lowest_total_cost_plan: lowest.plan } : {}),
    not_modelled: NOT_MODELLED.map((entry) => ({ ...entry })),
    ...(refinance ? { refinance } : {}),
  };
}

// The work of a request, in path-steps (bench/cost.bench.mjs; docs/contributing.md, "Cost"): the plans'
// schedules (up to about 2,000 months of decimal interest in all, fixed by the plans' rules), PSLF's
// 120 payments under each qualifying plan, and the refinance schedule.
const PLANS_COST = 350_000;
const PSLF_COST = 60_000;
const REFINANCE_MONTH_COST = 150;

/** Path-steps of a request: the plans, PSLF, and the refinance months. */
function cost(input: z.output<typeof StudentLoanInput>): number {
  const refinance = input.refinance_rate === undefined ? 0 : input.refinance_term_years * 12;
  return PLANS_COST + (input.pslf_eligible ? PSLF_COST : 0) + refinance * REFINANCE_MONTH_COST;
}

/**
 * Federal student-loan repayment: the plans in force for the start date and the borrower's cohort
 * (standard, graduated, extended, IBR; PAYE and ICR for enrolments before July 2027, moved to IBR from
 * July 2028; the Repayment Assistance Plan of Pub. L. 119-21 from July 2026; for loans made from July
 * 2026 only the tiered standard plan and RAP), each with its payments month by month to the cent, total
 * paid, forgiveness and whether it is taxable (IRC 108(f)(5): excluded through 2025 only), PSLF
 * cancellation after 120 qualifying payments for a public-service borrower, and an optional private
 * refinance comparison.
 *
 * @example
 * ```ts
 * import { studentLoan } from 'finplan/education';
 * // 30,000 at 6% over 10 years: 30,000 x 0.005 / (1 - 1.005^-120) = 333.06 a month.
 * studentLoan({ start_year: 2025, balance: 30_000, interest_rate: 0.06, agi: 50_000 })
 *   .result.plans[0]?.first_payment; // 333.06
 * ```
 */
export const studentLoan = defineOperation({
  path: '/v1/education/student-loan',
  engine: 'student-loan',
  version: '1.2.0',
  prefix: 'sl',
  summary:
    'Federal student-loan repayment plans compared, with forgiveness, its tax, and a private refinance.',
  description:
    'Standard (10 years; 10-25 by balance for loans made from July 1, 2026), graduated (10 years, steps every ' +
    '24 months, none above 3 times another), extended (25 years, over $30,000), IBR (15% or 10% of AGI above ' +
    '150% of the poverty guideline, capped at the 10-year payment, forgiven after 25 or 20 years), PAYE (10% above ' +
    '150%, capped) and ICR (20% above 100% of the guideline; that branch only) for enrolments before July 2027, ' +
    'both moved to IBR from July 2028, and RAP (from July 2026: $120 a year up to $10,000 of AGI, then 1-10% of ' +
    'AGI, less $50 a month per dependent, at least $10; unpaid interest waived; up to $50 principal match; forgiven ' +
    'after 360 payments). Monthly interest on principal to the cent; forgiveness after 2025 is taxable; with ' +
    'pslf_eligible, tax-free PSLF cancellation after 120 qualifying payments.',
  example: {
    start_year: 2025,
    balance: 30000,
    interest_rate: 0.06,
    agi: 50000,
    income_growth: 0.03,
    forgiveness_tax_rate: 0.22,
    refinance_rate: 0.045,
  },
  input: StudentLoanInput,
  output: StudentLoanResult,
  compute,
  cost,
  costField: 'refinance_term_years',
  costFormula:
    `${PLANS_COST} for the plans, + ${PSLF_COST} with pslf_eligible, + refinance_term_years x 12 x ` +
    `${REFINANCE_MONTH_COST} with refinance_rate`,
});
