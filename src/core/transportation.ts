/**
 * The transportation problem, solved exactly in whole units: a min-cost flow by successive shortest
 * paths. A generic algorithm (the asset-location operation places cents of each asset in each account
 * with it).
 *
 * @module
 */

/**
 * Maximize sum of x[i][a] * value[i][a] over amounts x >= 0 with row sums `demand[i]` and column sums
 * `supply[a]`, all in whole units (cents): a transportation problem, solved exactly as a min-cost flow
 * by successive shortest paths (Bellman-Ford on the residual graph, which has no negative cycle after
 * each augmentation). Requires sum(supply) = sum(demand). Returns x by row (demand) then column
 * (supply).
 *
 * @example
 * ```ts
 * // Value 2x00 + x01 + x10 + 3x11 with x00 = t, x01 = 5 - t, x10 = 4 - t, x11 = 1 + t (rows sum to 5
 * // and 5, columns to 4 and 6) is 12 + 3t, largest at t = 4.
 * maxValueTransport([[2, 1], [1, 3]], [4, 6], [5, 5]).flat(); // [4, 1, 0, 5], rows [4, 1] and [0, 5]
 * ```
 */
export function maxValueTransport(
  value: readonly (readonly number[])[],
  supply: readonly number[],
  demand: readonly number[],
): number[][] {
  const m = supply.length;
  const n = demand.length;
  const source = 0;
  const sink = 1 + m + n;
  const nodes = sink + 1;
  const to: number[] = [];
  const cap: number[] = [];
  const cost: number[] = [];
  const head: number[][] = Array.from({ length: nodes }, () => []);
  const addEdge = (u: number, v: number, c: number, w: number) => {
    head[u]?.push(to.length);
    to.push(v);
    cap.push(c);
    cost.push(w);
    head[v]?.push(to.length);
    to.push(u);
    cap.push(0);
    cost.push(-w);
  };
  for (let a = 0; a < m; a++) addEdge(source, 1 + a, supply[a] as number, 0);
  const cell: number[][] = [];
  for (let i = 0; i < n; i++) {
    cell.push([]);
    for (let a = 0; a < m; a++) {
      cell[i]?.push(to.length);
      addEdge(1 + a, 1 + m + i, Number.MAX_SAFE_INTEGER, -(value[i]?.[a] as number));
    }
  }
  for (let i = 0; i < n; i++) addEdge(1 + m + i, sink, demand[i] as number, 0);

  let remaining = supply.reduce((s, x) => s + x, 0);
  const scale = Math.max(1, ...value.flat().map(Math.abs));
  const eps = 1e-12 * scale;
  for (let guard = 0; remaining > 0; guard++) {
    if (guard > 100_000) throw new Error('finplan bug: transportation flow did not converge');
    const dist = new Array<number>(nodes).fill(Number.POSITIVE_INFINITY);
    const via = new Array<number>(nodes).fill(-1);
    dist[source] = 0;
    for (let pass = 0; pass < nodes; pass++) {
      let changed = false;
      for (let u = 0; u < nodes; u++) {
        const du = dist[u] as number;
        if (du === Number.POSITIVE_INFINITY) continue;
        for (const e of head[u] as number[]) {
          if ((cap[e] as number) <= 0) continue;
          const v = to[e] as number;
          const candidate = du + (cost[e] as number);
          if (candidate < (dist[v] as number) - eps) {
            dist[v] = candidate;
            via[v] = e;
            changed = true;
          }
        }
      }
      if (!changed) break;
    }
    if (via[sink] === -1) throw new Error('finplan bug: transportation supply and demand differ');
    let push = remaining;
    for (let v = sink; v !== source; v = to[(via[v] as number) ^ 1] as number) {
      push = Math.min(push, cap[via[v] as number] as number);
    }
    for (let v = sink; v !== source; v = to[(via[v] as number) ^ 1] as number) {
      const e = via[v] as number;
      cap[e] = (cap[e] as number) - push;
      cap[e ^ 1] = (cap[e ^ 1] as number) + push;
    }
    remaining -= push;
  }
  // Flow on a cell = the residual capacity of its reverse edge.
  return cell.map((edges) => edges.map((e) => cap[e ^ 1] as number));
}
