/**
 * The standard normal quantile by Wichura's algorithm AS 241 (PPND16). Until the stochastic engines'
 * 2.0.0 it also drew every deviate (`normal = inverseNormalCdf(uniformOpen(rng))`); the sampler is now
 * the ziggurat of `./normal.ts`, and this function stays for quantiles.
 *
 * @module
 */

import { log } from './fdlibm';

// Wichura, M. J. (1988), "Algorithm AS 241: The Percentage Points of the Normal Distribution",
// Applied Statistics 37(3), 477-484. Coefficients of PPND16 (about 1e-16 relative accuracy), written
// as the shortest decimals that give the same doubles; the comments show them as published (Fortran D).
const SPLIT1 = 0.425;
const SPLIT2 = 5;
const CONST1 = 0.180625;
const CONST2 = 1.6;

// |p - 0.5| <= 0.425
const A0 = 3.3871328727963665; // 3.3871328727963666080D0
const A1 = 1.3314166789178438e2; // 1.3314166789178437745D+2
const A2 = 1.9715909503065513e3; // 1.9715909503065514427D+3
const A3 = 1.373169376550946e4; // 1.3731693765509461125D+4
const A4 = 4.592195393154987e4; // 4.5921953931549871457D+4
const A5 = 6.72657709270087e4; // 6.7265770927008700853D+4
const A6 = 3.343057558358813e4; // 3.3430575583588128105D+4
const A7 = 2.5090809287301227e3; // 2.5090809287301226727D+3
const B1 = 4.231333070160091e1; // 4.2313330701600911252D+1
const B2 = 6.871870074920579e2; // 6.8718700749205790830D+2
const B3 = 5.394196021424751e3; // 5.3941960214247511077D+3
const B4 = 2.1213794301586597e4; // 2.1213794301586595867D+4
const B5 = 3.930789580009271e4; // 3.9307895800092710610D+4
const B6 = 2.8729085735721943e4; // 2.8729085735721942674D+4
const B7 = 5.226495278852854e3; // 5.2264952788528545610D+3

// r = sqrt(-log(min(p, 1 - p))) <= 5
const C0 = 1.4234371107496835; // 1.42343711074968357734D0
const C1 = 4.630337846156546; // 4.63033784615654529590D0
const C2 = 5.769497221460691; // 5.76949722146069140550D0
const C3 = 3.6478483247632045; // 3.64784832476320460504D0
const C4 = 1.2704582524523684; // 1.27045825245236838258D0
const C5 = 2.417807251774506e-1; // 2.41780725177450611770D-1
const C6 = 2.2723844989269184e-2; // 2.27238449892691845833D-2
const C7 = 7.745450142783414e-4; // 7.74545014278341407640D-4
const D1 = 2.053191626637759; // 2.05319162663775882187D0
const D2 = 1.6763848301838038; // 1.67638483018380384940D0
const D3 = 6.897673349851e-1; // 6.89767334985100004550D-1
const D4 = 1.4810397642748008e-1; // 1.48103976427480074590D-1
const D5 = 1.5198666563616457e-2; // 1.51986665636164571966D-2
const D6 = 5.475938084995345e-4; // 5.47593808499534494600D-4
const D7 = 1.0507500716444169e-9; // 1.05075007164441684324D-9

// r > 5 (p below about 1.4e-11 or above 1 - 1.4e-11)
const E0 = 6.657904643501103; // 6.65790464350110377720D0
const E1 = 5.463784911164114; // 5.46378491116411436990D0
const E2 = 1.7848265399172913; // 1.78482653991729133580D0
const E3 = 2.9656057182850487e-1; // 2.96560571828504891230D-1
const E4 = 2.6532189526576124e-2; // 2.65321895265761230930D-2
const E5 = 1.2426609473880784e-3; // 1.24266094738807843860D-3
const E6 = 2.7115555687434876e-5; // 2.71155556874348757815D-5
const E7 = 2.0103343992922881e-7; // 2.01033439929228813265D-7
const F1 = 5.99832206555888e-1; // 5.99832206555887937690D-1
const F2 = 1.369298809227358e-1; // 1.36929880922735805310D-1
const F3 = 1.4875361290850615e-2; // 1.48753612908506148525D-2
const F4 = 7.868691311456133e-4; // 7.86869131145613259100D-4
const F5 = 1.8463183175100548e-5; // 1.84631831751005468180D-5
const F6 = 1.421511758316446e-7; // 1.42151175831644588870D-7
const F7 = 2.0442631033899397e-15; // 2.04426310338993978564D-15

/**
 * The standard normal quantile (probit) Phi^-1(p), by Wichura's AS 241 (PPND16): a rational
 * approximation in p - 0.5 near the centre and in sqrt(-log(min(p, 1 - p))) in the tails, with
 * relative accuracy about 1e-16 before rounding. Uses the deterministic {@link log} and `Math.sqrt`
 * only, so the result is bit-identical on every engine.
 *
 * Out-of-domain inputs: `inverseNormalCdf(0) = -Infinity`, `inverseNormalCdf(1) = Infinity`,
 * NaN or p outside [0, 1] give NaN.
 *
 * @param p - a probability in (0, 1)
 * @returns z such that Phi(z) = p
 * @example
 * ```ts
 * import { inverseNormalCdf } from 'finplan/rng';
 * inverseNormalCdf(0.5); // 0
 * inverseNormalCdf(0.975); // 1.9599639845400536 (exact quantile: 1.95996398454005385...)
 * ```
 */
export function inverseNormalCdf(p: number): number {
  const q = p - 0.5;
  if (Math.abs(q) <= SPLIT1) {
    const r = CONST1 - q * q;
    return (
      (q * (((((((A7 * r + A6) * r + A5) * r + A4) * r + A3) * r + A2) * r + A1) * r + A0)) /
      (((((((B7 * r + B6) * r + B5) * r + B4) * r + B3) * r + B2) * r + B1) * r + 1)
    );
  }
  if (!(p > 0 && p < 1)) {
    if (p === 0) return Number.NEGATIVE_INFINITY;
    if (p === 1) return Number.POSITIVE_INFINITY;
    return Number.NaN;
  }
  let r = Math.sqrt(-log(q < 0 ? p : 1 - p));
  let z: number;
  if (r <= SPLIT2) {
    r -= CONST2;
    z =
      (((((((C7 * r + C6) * r + C5) * r + C4) * r + C3) * r + C2) * r + C1) * r + C0) /
      (((((((D7 * r + D6) * r + D5) * r + D4) * r + D3) * r + D2) * r + D1) * r + 1);
  } else {
    r -= SPLIT2;
    z =
      (((((((E7 * r + E6) * r + E5) * r + E4) * r + E3) * r + E2) * r + E1) * r + E0) /
      (((((((F7 * r + F6) * r + F5) * r + F4) * r + F3) * r + F2) * r + F1) * r + 1);
  }
  return q < 0 ? -z : z;
}
