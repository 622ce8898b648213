/**
 * The axis and text rules every finplan SVG chart follows (the fan chart, the lifetime plan's charts):
 * tick steps of 1, 2 or 5 times a power of ten, dollar tick labels, escaped text.
 *
 * @internal
 * @module
 */

/**
 * The step of about `target` ticks over [0, max]: 1, 2 or 5 times a power of ten.
 *
 * @example
 * ```ts
 * niceStep(1_000_000, 5); // 200000
 * ```
 */
export function niceStep(max: number, target: number): number {
  const raw = max / target;
  const power = 10 ** Math.floor(Math.log10(raw));
  const unit = raw / power;
  return (unit <= 1 ? 1 : unit <= 2 ? 2 : unit <= 5 ? 5 : 10) * power;
}

/**
 * Dollars in a tick label: $0, $500, $250k, $1.5M (at most one decimal, trailing .0 dropped).
 *
 * @example
 * ```ts
 * tickDollars(1_500_000); // '$1.5M'
 * ```
 */
export function tickDollars(value: number): string {
  const short = (x: number) => String(Math.round(x * 10) / 10);
  if (value >= 1e9) return `$${short(value / 1e9)}B`;
  if (value >= 1e6) return `$${short(value / 1e6)}M`;
  if (value >= 1e3) return `$${short(value / 1e3)}k`;
  return `$${short(value)}`;
}

/**
 * Text escaped for SVG content and attribute values.
 *
 * @example
 * ```ts
 * escapeXml('a < b & "c"'); // 'a &lt; b &amp; &quot;c&quot;'
 * ```
 */
export function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}
