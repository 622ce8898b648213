// finplan/testing's promise (docs/testing.md): inputArbitrary draws what planners send. Every operation's
// generated requests pass its own handler (no 400 invalid_input: a validity rule outside the schema would
// show here), at least 95% of them compute without a CalculationError (tvm's no_solution, an unsupported
// year ...), and the key numbers fall where planners work: money in dollars from $100 to $10M (median
// between $10k and $1M), rates 0-15%, ages 18-95, durations in years and months, birth years of adults.
// The fields are classified here from the schema itself (bounds, name, the "0.05 = 5%" of a rate's
// description), not by finplan/testing's own rules, so that a field it misreads shows up.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import type { AnyOperation } from '../../src/core/operation';
import { createHandler } from '../../src/http/handler';
import { servedRegistry as registry } from '../../src/served-operations';
import { SUPPORTED_TAX_YEARS } from '../../src/tax/engine';
import { inputArbitrary } from '../../src/testing/index';

const KEY = 'realistic-test-key';
const handler = createHandler({ apiKeys: [KEY], dev: true });

/**
 * Requests per operation sent through the handler (cliff-map's cost 100-600 ms each, a hundred times
 * the others': fewer of them), and drawn for the percentiles.
 */
const SENT = 50;
const SENT_COSTLY: Record<string, number> = { '/v1/tax/cliff-map': 20, '/v1/plan/lifetime': 12 };
const DRAWN = 200;
const SEED = 11;

interface Field {
  type?: string;
  description?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMaximum?: number;
  enum?: unknown[];
}

function fieldsOf(operation: AnyOperation): Record<string, Field> {
  const schema = z.toJSONSchema(operation.input, { io: 'input', unrepresentable: 'any' }) as {
    properties?: Record<string, Field>;
  };
  return schema.properties ?? {};
}

/**
 * Few paths per simulation and few points per cliff-map series (each point is a federal, state, credit
 * and IRMAA computation): the requests drawn are the subject here, not the work they ask for.
 */
function cheap(operation: AnyOperation) {
  const paths = fieldsOf(operation)['num_simulations'];
  if (paths) return { num_simulations: fc.integer({ min: paths.minimum ?? 0, max: 20 }) };
  if (operation.path === '/v1/tax/cliff-map')
    return { series_range: fc.integer({ min: 1_000, max: 100_000 }), series_step: fc.constant(10_000) };
  return {};
}

const samples = new Map<AnyOperation, Record<string, unknown>[]>();

/**
 * The first `numRuns` requests of one sample of DRAWN (or more) per operation, drawn once: fast-check
 * draws the same requests in the same order whatever the count, so the requests sent are the first of
 * those whose fields are measured.
 */
function sample(operation: AnyOperation, numRuns: number): Record<string, unknown>[] {
  let drawn = samples.get(operation);
  if (drawn === undefined || drawn.length < numRuns) {
    drawn = fc.sample(inputArbitrary(operation, cheap(operation) as never), {
      seed: SEED,
      numRuns: Math.max(DRAWN, numRuns),
    }) as Record<string, unknown>[];
    samples.set(operation, drawn);
  }
  return drawn.slice(0, numRuns);
}

async function send(operation: AnyOperation, body: unknown) {
  const response = await handler(
    new Request(`http://finplan.test${operation.path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    }),
  );
  const reply = (await response.json()) as { error?: { code: string; issues?: { path: string }[] } };
  return { status: response.status, code: reply.error?.code, field: reply.error?.issues?.[0]?.path };
}

describe.each(registry.operations.map((operation) => [operation.path, operation] as const))(
  '%s',
  (path, operation) => {
    const sent = SENT_COSTLY[path] ?? SENT;
    it(`${sent} generated requests: the handler accepts every one, at least 95% compute`, async () => {
      const answers = [];
      for (const body of sample(operation, sent)) answers.push({ body, ...(await send(operation, body)) });
      const refused = answers.filter(
        (a) => a.status !== 200 && (a.code === 'invalid_input' || a.status >= 500),
      );
      expect(
        refused.map((a) => `${a.status} ${a.code} ${a.field} <- ${JSON.stringify(a.body)}`),
        'requests the handler refused as invalid',
      ).toEqual([]);
      const computed = answers.filter((a) => a.status === 200).length;
      const errors = answers.filter((a) => a.status !== 200).map((a) => `${a.code} ${a.field}`);
      expect(computed / sent, `${path}: ${errors.join('; ')}`).toBeGreaterThanOrEqual(0.95);
    });
  },
);

// --- Where the numbers fall -------------------------------------------------------------------------

type Kind = 'money' | 'price' | 'rate' | 'age' | 'years' | 'months' | 'birth_year';

/** Fields that say what they are only in words: dollars per share. */
const NAMED: Record<string, Record<string, Kind>> = {
  '/v1/equity-comp/iso': { strike_price: 'price', fmv_at_exercise: 'price' },
  '/v1/equity-comp/iso-amt-capacity': { strike_price: 'price', fmv_at_exercise: 'price' },
};

/** A field's kind from its schema: money has the 1e12 money bound, a rate shows "0.05 = 5%". */
function kindOf(name: string, field: Field): Kind | undefined {
  if (field.type !== 'number' && field.type !== 'integer') return undefined;
  if (field.enum) return undefined;
  if ((field.maximum ?? field.exclusiveMaximum) === 1e12 && field.type === 'number') return 'money';
  if (/birth_year$/.test(name)) return 'birth_year';
  if (/(^|_)age$/.test(name)) return 'age';
  if (/(^|_)years$/.test(name)) return 'years';
  if (/(^|_)months$|^nper$/.test(name)) return 'months';
  if (/\b0?\.\d+ = \d+(\.\d+)?%/.test(field.description ?? '') && !/bracket/.test(name)) return 'rate';
  return undefined;
}

/**
 * Where each kind's percentiles must fall: the median, and p10-p90 within the realistic range (field
 * bounds permitting: a child's age, a short rider, a field whose bounds exclude the range are skipped).
 */
const EXPECTED: Record<Kind, { median: [number, number]; range: [number, number] }> = {
  money: { median: [10_000, 1_000_000], range: [100, 10_000_000] },
  price: { median: [5, 200], range: [1, 1_000] },
  rate: { median: [0.02, 0.12], range: [0, 0.15] },
  age: { median: [25, 80], range: [18, 95] },
  years: { median: [5, 35], range: [1, 40] },
  months: { median: [12, 480], range: [12, 480] },
  birth_year: {
    median: [Math.max(...SUPPORTED_TAX_YEARS) - 80, Math.max(...SUPPORTED_TAX_YEARS) - 25],
    range: [Math.min(...SUPPORTED_TAX_YEARS) - 95, Math.max(...SUPPORTED_TAX_YEARS) - 18],
  },
};

/**
 * Fields whose values another field shapes (the rule named), so that their kind's range does not apply,
 * or whose bounds exclude it.
 */
const SHAPED: Record<string, Record<string, string>> = {
  '/v1/tvm': {
    fv: 'follows from rate, nper, pv and pmt (a solvable problem)',
    rate: 'a monthly rate: 0-15% a year over 12',
  },
  '/v1/inherited-ira': { annual_rmd_floor: 'inherited_balance over a life expectancy of 10-59 years' },
  '/v1/education/529-to-roth': { prior_rollovers: 'at most the lifetime limit' },
  '/v1/education/aid-estimate': { parent2_earned_income: '0 for a one-parent family' },
  '/v1/tax/cliff-map': { earned_income: 'at most ordinary_income' },
  '/v1/retirement/savings-target': { withdrawal_rate: 'a share of the nest egg, bounded below by 0.001' },
};

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.floor(p * (sorted.length - 1))] as number;
}

const fmt = (x: number) => (Math.abs(x) >= 10_000 ? x.toExponential(2) : String(Number(x.toFixed(4))));

describe('where the numbers fall (realistic draws)', () => {
  it('tvm: nper median between 12 and 480; tax estimate: income median between $10k and $1M', () => {
    const tvm = registry.get('/v1/tvm')!;
    const nper = sample(tvm, DRAWN).flatMap((input) => (typeof input.nper === 'number' ? [input.nper] : []));
    const median = percentile(
      [...nper].sort((a, b) => a - b),
      0.5,
    );
    expect(median).toBeGreaterThanOrEqual(12);
    expect(median).toBeLessThanOrEqual(480);
    const estimate = registry.get('/v1/tax/estimate')!;
    const income = sample(estimate, DRAWN).map((input) => input.ordinary_income as number);
    const incomeMedian = percentile(
      [...income].sort((a, b) => a - b),
      0.5,
    );
    expect(incomeMedian).toBeGreaterThanOrEqual(10_000);
    expect(incomeMedian).toBeLessThanOrEqual(1_000_000);
    // Old draws spread over bit patterns: 4.97e-67 dollars at the 10th percentile.
    expect(
      percentile(
        [...income].sort((a, b) => a - b),
        0.1,
      ),
    ).toBeGreaterThanOrEqual(100);
  });

  it.each(registry.operations.map((operation) => [operation.path, operation] as const))(
    '%s: p10, median and p90 of every money, rate, age, years, months and birth year field',
    (path, operation) => {
      const inputs = sample(operation, DRAWN);
      const lines: string[] = [];
      const failures: string[] = [];
      for (const [name, field] of Object.entries(fieldsOf(operation))) {
        const kind = NAMED[path]?.[name] ?? kindOf(name, field);
        if (!kind || SHAPED[path]?.[name]) continue;
        const {
          median: [lo, hi],
          range: [min, max],
        } = EXPECTED[kind];
        const low = Math.max(min, field.minimum ?? -Infinity);
        const high = Math.min(max, field.maximum ?? Infinity);
        if (low > high || high - low < (max - min) / 4) continue; // the field's bounds exclude the range
        // A signed amount (a loss, an outflow) is negative now and then: its size is what must be realistic.
        const signed = (field.minimum ?? (field as { exclusiveMinimum?: number }).exclusiveMinimum ?? 0) < 0;
        const values = inputs.flatMap((input) =>
          typeof input[name] === 'number' ? [signed ? Math.abs(input[name]) : input[name]] : [],
        );
        if (values.length < DRAWN / 4) continue; // seldom present (another field's option)
        const sorted = [...values].sort((a, b) => a - b);
        const [p10, p50, p90] = [0.1, 0.5, 0.9].map((p) => percentile(sorted, p)) as [number, number, number];
        lines.push(
          `  ${name.padEnd(30)} ${kind.padEnd(10)} p10 ${fmt(p10)}  p50 ${fmt(p50)}  p90 ${fmt(p90)}`,
        );
        // Bounds that cut the range move the median: then it must lie in the middle half of what is left
        // (on a log scale for amounts, drawn log-uniformly).
        const cut = low > min || high < max;
        const log = kind === 'money' || kind === 'price';
        const [a, b] = log ? [Math.log(low), Math.log(high)] : [low, high];
        const back = (x: number) => (log ? Math.exp(x) : x);
        const medianLo = cut ? back(a + (b - a) / 4) : lo;
        const medianHi = cut ? back(b - (b - a) / 4) : hi;
        if (!(p50 >= medianLo && p50 <= medianHi))
          failures.push(`${name} median ${p50} not in ${medianLo}-${medianHi}`);
        if (!(p10 >= low && p90 <= high))
          failures.push(`${name} p10-p90 ${p10}-${p90} not in ${low}-${high}`);
      }
      console.log(`${path}\n${lines.join('\n')}`);
      expect(failures).toEqual([]);
    },
  );
});
