/**
 * Guess-free root finding on a bracket: Brent's method (inverse quadratic interpolation, secant and
 * bisection, Brent 1973, "Algorithms for Minimization without Derivatives", ch. 4), which keeps a
 * sign-changing bracket at every step and so always converges, with a fixed iteration cap.
 */

/** Iteration cap of {@link brent}: bisection alone halves any double bracket to nothing in < 1100 steps. */
export const ROOT_MAX_ITERATIONS = 200;

/**
 * The root of `f` in `[a, b]`, given `f(a)` and `f(b)` of opposite signs (or one of them zero).
 * Stops when the bracket is below `tolerance` (absolute, plus 4 ulps of the estimate) or after
 * {@link ROOT_MAX_ITERATIONS} steps.
 */
export function brent(
  f: (x: number) => number,
  a0: number,
  b0: number,
  fa0: number = f(a0),
  fb0: number = f(b0),
  tolerance = 1e-15,
): number {
  let a = a0;
  let b = b0;
  let fa = fa0;
  let fb = fb0;
  if (fa === 0) return a;
  if (fb === 0) return b;
  if (Math.sign(fa) === Math.sign(fb)) throw new RangeError('brent: the bracket does not change sign');
  let c = a;
  let fc = fa;
  let d = b - a;
  let e = d;
  for (let i = 0; i < ROOT_MAX_ITERATIONS; i++) {
    if (Math.sign(fb) === Math.sign(fc)) {
      c = a;
      fc = fa;
      d = b - a;
      e = d;
    }
    if (Math.abs(fc) < Math.abs(fb)) {
      a = b;
      b = c;
      c = a;
      fa = fb;
      fb = fc;
      fc = fa;
    }
    const tol = 2 * Number.EPSILON * Math.abs(b) + tolerance / 2;
    const m = (c - b) / 2;
    if (Math.abs(m) <= tol || fb === 0) return b;
    if (Math.abs(e) >= tol && Math.abs(fa) > Math.abs(fb)) {
      let p: number;
      let q: number;
      const s = fb / fa;
      if (a === c) {
        p = 2 * m * s;
        q = 1 - s;
      } else {
        const qa = fa / fc;
        const r = fb / fc;
        p = s * (2 * m * qa * (qa - r) - (b - a) * (r - 1));
        q = (qa - 1) * (r - 1) * (s - 1);
      }
      if (p > 0) q = -q;
      else p = -p;
      if (2 * p < Math.min(3 * m * q - Math.abs(tol * q), Math.abs(e * q))) {
        e = d;
        d = p / q;
      } else {
        d = m;
        e = m;
      }
    } else {
      d = m;
      e = m;
    }
    a = b;
    fa = fb;
    b += Math.abs(d) > tol ? d : m > 0 ? tol : -tol;
    fb = f(b);
  }
  return b;
}
