import * as z from 'zod/mini';
import {
  completeExpectancy,
  curtateExpectancy,
  jointLife,
  type Life,
  lastSurvivor,
  medianFutureLifetime,
  type Status,
  single,
  survivalCurve,
} from '../../core/life-table';
import { MORTALITY_PERIOD, MORTALITY_TABLE_NAME, SEXES, ssaLifeTable } from '../../core/mortality';
import { defineOperation } from '../../core/operation';
import { roundRate, roundTo } from '../../core/rounding';
import { age, fieldIssue, number, oneOf, resultNumber, withDefault } from '../../core/schema';

/** The ages whose probability of being reached the result reports. */
const MILESTONES = [80, 85, 90, 95, 100] as const;

const frailty = (whose: string) =>
  withDefault(
    number(
      `Multiplier of every one-year death probability q_x of ${whose} (capped at 1): 1 = the SSA table, 2 = twice its mortality, 0.8 = healthier (0.1-10). Default 1.`,
      { min: 0.1, max: 10 },
    ),
    1,
  );

/** `/v1/longevity` request. */
export const LongevityInput = z
  .strictObject({
    age: age('Current age in whole years (0-120).'),
    sex: oneOf(SEXES, `male or female: the column of the SSA ${MORTALITY_PERIOD} period life table.`),
    frailty: frailty('the first life'),
    second_age: z.optional(age('Age of a second life (a spouse or partner), 0-120; with second_sex.')),
    second_sex: z.optional(oneOf(SEXES, 'Sex of the second life; with second_age.')),
    second_frailty: frailty('the second life'),
  })
  .check(
    z.superRefine((input, ctx) => {
      const issue = fieldIssue(ctx, input);
      const missing =
        input.second_age !== undefined && input.second_sex === undefined
          ? 'second_sex'
          : input.second_sex !== undefined && input.second_age === undefined
            ? 'second_age'
            : undefined;
      if (missing) {
        issue(missing, 'is required with a second life (second_age and second_sex go together)');
      }
    }),
  );
export type LongevityInput = z.input<typeof LongevityInput>;

const Person = z.object({
  age: resultNumber('Current age.'),
  sex: z.enum(SEXES),
  frailty: resultNumber('The frailty multiplier applied.'),
  life_expectancy: resultNumber(
    'Complete expectation of life: expected future years (deaths uniform within each year of age).',
  ),
  curtate_life_expectancy: resultNumber(
    'Expected number of whole future years lived (life_expectancy - 0.5).',
  ),
  expected_age_at_death: resultNumber('age + life_expectancy.'),
  median_age_at_death: resultNumber('The age by which half of the people of this age and sex have died.'),
  probability_of_reaching: z
    .array(z.object({ age: z.number(), probability: z.number() }))
    .check(
      z.describe('Probability of being alive at 80, 85, 90, 95 and 100 (1 for an age already reached).'),
    ),
  survival_curve: z
    .array(z.object({ age: z.number(), probability: z.number() }))
    .check(
      z.describe(
        'Probability of being alive at each whole age from now to 121 (0: the table closes at 120).',
      ),
    ),
});

export const LongevityResult = z.object({
  mortality_table: z
    .string()
    .check(z.describe('The life table: the SSA 2021 period life table (ages 0-119, closed at 120).')),
  fractional_age_assumption: z
    .string()
    .check(
      z.describe(
        'uniform_distribution_of_deaths: deaths are spread evenly within each year of age (survival is linear between whole ages).',
      ),
    ),
  ...Person.shape,
  second_life: z.optional(Person.check(z.describe('Present with second_age and second_sex.'))),
  joint: z.optional(
    z
      .object({
        joint_life_expectancy: resultNumber('Expected years until the first death (both alive).'),
        last_survivor_life_expectancy: resultNumber(
          'Expected years until the second death (at least one alive).',
        ),
        median_years_to_first_death: resultNumber(
          'Years by which the first death has happened with probability 1/2.',
        ),
        median_years_to_second_death: resultNumber('Years by which both have died with probability 1/2.'),
        survival_curve: z
          .array(z.object({ year: z.number(), both_alive: z.number(), at_least_one_alive: z.number() }))
          .check(z.describe('Each whole year from now until both are certainly dead.')),
      })
      .check(
        z.describe(
          'With a second life: joint-life (first death) and last-survivor (second death) statuses, the two lives independent.',
        ),
      ),
  ),
});
/** The `result` of the envelope: the type of the `LongevityResult` schema. */
export type LongevityResult = z.infer<typeof LongevityResult>;

type Parsed = z.output<typeof LongevityInput>;

const years = (value: number) => roundTo(value, 2);

function person(life: Life, sex: Parsed['sex'], frailty: number): z.infer<typeof Person> {
  const status = single(life);
  const e = completeExpectancy(status);
  return {
    age: life.age,
    sex,
    frailty,
    life_expectancy: years(e),
    curtate_life_expectancy: years(curtateExpectancy(status)),
    expected_age_at_death: years(life.age + e),
    median_age_at_death: years(life.age + medianFutureLifetime(status)),
    probability_of_reaching: MILESTONES.map((at) => ({
      age: at,
      probability: roundRate(status.weight(Math.max(0, at - life.age))),
    })),
    survival_curve: survivalCurve(status).map((p, t) => ({ age: life.age + t, probability: roundRate(p) })),
  };
}

function compute(input: Parsed): LongevityResult {
  const first: Life = { table: ssaLifeTable(input.sex, input.frailty), age: input.age };
  const result: LongevityResult = {
    mortality_table: MORTALITY_TABLE_NAME,
    fractional_age_assumption: 'uniform_distribution_of_deaths',
    ...person(first, input.sex, input.frailty),
  };
  if (input.second_age !== undefined && input.second_sex !== undefined) {
    const second: Life = {
      table: ssaLifeTable(input.second_sex, input.second_frailty),
      age: input.second_age,
    };
    result.second_life = person(second, input.second_sex, input.second_frailty);
    const both: Status = jointLife(first, second);
    const either: Status = lastSurvivor(first, second);
    const eitherCurve = survivalCurve(either);
    result.joint = {
      joint_life_expectancy: years(completeExpectancy(both)),
      last_survivor_life_expectancy: years(completeExpectancy(either)),
      median_years_to_first_death: years(medianFutureLifetime(both)),
      median_years_to_second_death: years(medianFutureLifetime(either)),
      survival_curve: eitherCurve.map((p, t) => ({
        year: t,
        both_alive: roundRate(both.weight(t)),
        at_least_one_alive: roundRate(p),
      })),
    };
  }
  return result;
}

/**
 * Longevity on the SSA 2021 period life table: life expectancy (complete, with deaths uniform within
 * each year of age), the median age at death, the probabilities of reaching 80, 85, 90, 95 and 100 and the
 * survival curve; with a second life, the joint-life (first death) and last-survivor (second death)
 * expectancies and medians of two independent lives. `frailty` multiplies every death probability
 * (capped at 1).
 *
 * @example
 * ```ts
 * import { longevity } from 'finplan/retirement';
 * // SSA, Period Life Table 2021: e(65) = 16.95 for men, 19.75 for women
 * longevity({ age: 65, sex: 'male' }).result.life_expectancy; // 16.95
 * longevity({ age: 65, sex: 'female' }).result.life_expectancy; // 19.75
 * ```
 */
export const longevity = defineOperation({
  path: '/v1/longevity',
  engine: 'longevity',
  version: '1.0.0',
  prefix: 'lng',
  summary: 'Life expectancy, survival curve, median age at death; joint and last-survivor for a couple.',
  description:
    'On the SSA 2021 period life table by sex (ages 0-119 as published, closed at 120), deaths uniform ' +
    'within each year of age: complete and curtate life expectancy, expected and median age at death, ' +
    'probabilities of reaching 80, 85, 90, 95 and 100, and the survival curve by whole age. With ' +
    'second_age and second_sex, the same for the second life plus the joint-life (first death) and ' +
    'last-survivor (second death) expectancies, medians and curves, the lives independent. frailty and ' +
    'second_frailty multiply every q_x (capped at 1). A period table assumes no mortality improvement.',
  example: { age: 65, sex: 'male' },
  input: LongevityInput,
  output: LongevityResult,
  compute,
});
