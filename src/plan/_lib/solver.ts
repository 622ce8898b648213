/**
 * The linear-programming solver of the lifetime plan: HiGHS compiled to WebAssembly (the `highs` npm
 * package), loaded once and asynchronously ({@link loadSolver}); every solve after that is synchronous
 * ({@link solveSparse}). The module is imported only by the plan, and `highs` itself only inside
 * {@link loadSolver} (a dynamic import), so a bundle that never plans never loads the solver.
 *
 * Determinism: the options are pinned ({@link SOLVER_OPTIONS}): one thread, a fixed random seed, the
 * dual simplex method, no output. The same model gives bit-identical solutions on every
 * solve and after every load (test/plan/lp-determinism.test.ts).
 *
 * @internal
 * @module
 */
import type { Highs, Model, ModelStatusCode } from 'highs';

let loading: Promise<Highs> | undefined;
let loaded: Highs | undefined;

/**
 * Loads the solver once: later calls return the same promise. Call it (and await it) before
 * {@link solveSparse}; the plan operation's `ready()` hook does.
 *
 * @example
 * ```ts
 * await loadSolver();
 * solverLoaded(); // true
 * ```
 */
export function loadSolver(): Promise<void> {
  if (loading === undefined) {
    loading = import('highs').then(async (module) => {
      // The package is CommonJS with an ES-module build; either shape may reach here through a bundler.
      const loader = (module as { default: (typeof module)['default'] }).default;
      const highs = await loader();
      loaded = highs;
      return highs;
    });
    // A failed load can be retried.
    loading.catch(() => {
      loading = undefined;
    });
  }
  return loading.then(() => undefined);
}

/**
 * Whether {@link loadSolver} has finished.
 *
 * @example
 * ```ts
 * typeof solverLoaded(); // 'boolean'
 * ```
 */
export function solverLoaded(): boolean {
  return loaded !== undefined;
}

/**
 * The loaded solver; throws (a programming error, not a request error) when {@link loadSolver} has not
 * finished.
 *
 * @example
 * ```ts
 * await loadSolver();
 * solver().version.major; // 1
 * ```
 */
export function solver(): Highs {
  if (loaded === undefined) {
    throw new Error(
      'The plan solver is not loaded: await lifetimePlan.ready() (loadSolver() inside finplan) before planning.',
    );
  }
  return loaded;
}

/**
 * The pinned options of every solve (the WebAssembly build is single-threaded: it sets `threads` to 1
 * and `parallel` off itself and refuses the `threads` option). Measured on a couple over 40 years
 * (2 people x 4 accounts, about 1,300 columns and 900 rows): dual simplex with presolve takes 437
 * iterations, without presolve 1,057, primal simplex 816; the interior-point method was slower in time
 * and PDLP is approximate. Dual simplex with presolve is the choice.
 */
export const SOLVER_OPTIONS = {
  output_flag: false,
  log_to_console: false,
  random_seed: 0,
  solver: 'simplex',
  simplex_strategy: 1,
  presolve: 'on',
} as const;

/**
 * The second stage starts from the first one's optimal basis, still primal feasible after the cost
 * change (the held objective's row is satisfied at equality): primal simplex continues from it.
 */
export const SECOND_STAGE_OPTIONS = { simplex_strategy: 4 } as const;

/** A linear program in sparse column-wise form (lower <= A x <= upper, bounds on x). */
export interface SparseLp {
  readonly maximize: boolean;
  readonly cost: Float64Array;
  /**
   * A second objective, minimized among the optima of the first (lexicographic): the first objective
   * is then held within {@link PRIMARY_TOLERANCE} of its optimum.
   */
  readonly secondary?: Float64Array | undefined;
  /** Options over {@link SOLVER_OPTIONS} for this solve (a retry without presolve). */
  readonly options?: Readonly<Record<string, string | number | boolean>> | undefined;
  /**
   * A starting basis: the `basis` of an earlier solve of a model with the same columns and rows (the
   * plan's loop changes only coefficients and bounds between solves). Ignored when the sizes differ.
   */
  readonly basis?: SimplexBasis | undefined;
  readonly colLower: Float64Array;
  readonly colUpper: Float64Array;
  readonly rowLower: Float64Array;
  readonly rowUpper: Float64Array;
  /** Compressed sparse columns: column j has entries starts[j] .. starts[j + 1] - 1. */
  readonly starts: Int32Array;
  readonly indices: Int32Array;
  readonly values: Float64Array;
}

/**
 * How far the first objective may give way while the second is minimized: relative to its optimum
 * (at least 1 in absolute terms), so 1e-9 of a $100,000 spending level is a hundredth of a cent.
 */
export const PRIMARY_TOLERANCE = 0;

/** Basis status of every column and row (HiGHS codes: 0 lower, 1 basic, 2 upper, 3 zero, 4 nonbasic). */
export interface SimplexBasis {
  readonly colStatus: Int32Array;
  readonly rowStatus: Int32Array;
}

/** What a solve returns. */
export interface SparseSolution {
  /** `optimal`, `infeasible`, `unbounded`, `unbounded_or_infeasible` or another HiGHS model status name. */
  readonly status: string;
  readonly objective: number;
  /** Column values (empty unless optimal). */
  readonly x: Float64Array;
  /** Row activities A x (empty unless optimal). */
  readonly rows: Float64Array;
  /** Optimal basis of the first objective (a warm start for a solve of the same shape); absent unless optimal. */
  readonly basis?: SimplexBasis | undefined;
  /** Optimum of the first objective (the second stage holds it within {@link PRIMARY_TOLERANCE}). */
  readonly primary: number;
  readonly iterations: number;
}

/**
 * Solves a sparse LP with the pinned {@link SOLVER_OPTIONS}; synchronous. The HiGHS model is disposed
 * before returning (its WebAssembly memory is not garbage-collected).
 *
 * @example
 * ```ts
 * await loadSolver();
 * // maximize x subject to x <= 3
 * const s = solveSparse({ maximize: true, cost: Float64Array.of(1), colLower: Float64Array.of(0),
 *   colUpper: Float64Array.of(Infinity), rowLower: Float64Array.of(-Infinity), rowUpper: Float64Array.of(3),
 *   starts: Int32Array.of(0, 1), indices: Int32Array.of(0), values: Float64Array.of(1) });
 * s.x[0]; // 3
 * ```
 */
export function solveSparse(lp: SparseLp): SparseSolution {
  const highs = solver();
  const numCols = lp.cost.length;
  const numRows = lp.rowLower.length;
  const model: Model = highs.createModel({
    numCols,
    numRows,
    sense: lp.maximize ? highs.constants.objectiveSense.maximize : highs.constants.objectiveSense.minimize,
    colCost: lp.cost,
    colLower: lp.colLower,
    colUpper: lp.colUpper,
    rowLower: lp.rowLower,
    rowUpper: lp.rowUpper,
    matrix: { format: 'csc', numRows, numCols, starts: lp.starts, indices: lp.indices, values: lp.values },
  });
  try {
    model.options.set(lp.options === undefined ? SOLVER_OPTIONS : { ...SOLVER_OPTIONS, ...lp.options });
    const start = lp.basis;
    if (start !== undefined && start.colStatus.length === numCols && start.rowStatus.length === numRows) {
      model.setBasis(start);
    }
    model.run();
    let status = statusName(highs, model.getModelStatus());
    let iterations = Number(model.info.get('simplex_iteration_count') ?? 0);
    const primary = status === 'optimal' ? model.getObjectiveValue() : Number.NaN;
    const basis = status === 'optimal' ? copyBasis(model.getBasis()) : undefined;
    let first: { x: Float64Array; rows: Float64Array; objective: number } | undefined;
    if (status === 'optimal' && lp.secondary !== undefined) {
      // The first stage's optimum, kept: the second stage only breaks ties among optima, and with the
      // first objective held at equality HiGHS can end it without a verdict (model status unknown,
      // seen on Owl's alex+jamie case in test/plan/owl-cases.test.ts); the first optimum stands then.
      const kept = model.getSolution();
      first = {
        x: Float64Array.from(kept.colValue),
        rows: Float64Array.from(kept.rowValue.subarray(0, numRows)),
        objective: primary,
      };
      // Hold the first objective at its optimum (within the tolerance), then minimize the second from
      // the first stage's basis.
      const slack = PRIMARY_TOLERANCE * Math.max(1, Math.abs(primary));
      const nonzero = [...lp.cost.keys()].filter((j) => lp.cost[j] !== 0);
      const values = nonzero.map((j) => lp.cost[j] as number);
      if (lp.maximize) model.addRow(primary - slack, highs.infinity, { indices: nonzero, values });
      else model.addRow(-highs.infinity, primary + slack, { indices: nonzero, values });
      model.changeObjectiveSense(highs.constants.objectiveSense.minimize);
      model.changeColsCost({ kind: 'range', from: 0, to: numCols - 1 }, lp.secondary);
      model.options.set(SECOND_STAGE_OPTIONS);
      model.run();
      status = statusName(highs, model.getModelStatus());
      iterations += Number(model.info.get('simplex_iteration_count') ?? 0);
      if (status !== 'optimal') return { status: 'optimal', ...first, basis, primary, iterations };
    }
    if (status !== 'optimal') {
      const empty = new Float64Array(0);
      return { status, objective: Number.NaN, x: empty, rows: empty, primary, iterations };
    }
    const solution = model.getSolution();
    return {
      status,
      objective: model.getObjectiveValue(),
      x: Float64Array.from(solution.colValue),
      rows: Float64Array.from(solution.rowValue.subarray(0, numRows)),
      basis,
      primary,
      iterations,
    };
  } finally {
    model.dispose();
  }
}

function copyBasis(b: { readonly colStatus: Int32Array; readonly rowStatus: Int32Array }): SimplexBasis {
  return { colStatus: Int32Array.from(b.colStatus), rowStatus: Int32Array.from(b.rowStatus) };
}

const STATUS_NAMES: Readonly<Record<string, string>> = {
  optimal: 'optimal',
  infeasible: 'infeasible',
  unbounded: 'unbounded',
  unboundedOrInfeasible: 'unbounded_or_infeasible',
};

function statusName(highs: Highs, code: ModelStatusCode): string {
  for (const [name, value] of Object.entries(highs.constants.modelStatus)) {
    if (value === code) return STATUS_NAMES[name] ?? name;
  }
  return `status_${code}`;
}
