/**
 * The 2025 state income tax tables (`data/tax/state-2025/<code>.json`, one per covered jurisdiction),
 * by upper-case postal code, and the year set behind the `tax_year` field of `/v1/tax/state-income`.
 * A jurisdiction without a file is not covered: the operation answers `unsupported_jurisdiction`.
 *
 * @internal
 * @module
 */
// <generated imports>
import ak from '../../../data/tax/state-2025/ak.json';
import al from '../../../data/tax/state-2025/al.json';
import ar from '../../../data/tax/state-2025/ar.json';
import az from '../../../data/tax/state-2025/az.json';
import ca from '../../../data/tax/state-2025/ca.json';
import co from '../../../data/tax/state-2025/co.json';
import ct from '../../../data/tax/state-2025/ct.json';
import dc from '../../../data/tax/state-2025/dc.json';
import de from '../../../data/tax/state-2025/de.json';
import fl from '../../../data/tax/state-2025/fl.json';
import ga from '../../../data/tax/state-2025/ga.json';
import hi from '../../../data/tax/state-2025/hi.json';
import ia from '../../../data/tax/state-2025/ia.json';
import id from '../../../data/tax/state-2025/id.json';
import il from '../../../data/tax/state-2025/il.json';
import in_ from '../../../data/tax/state-2025/in.json';
import ks from '../../../data/tax/state-2025/ks.json';
import ky from '../../../data/tax/state-2025/ky.json';
import la from '../../../data/tax/state-2025/la.json';
import ma from '../../../data/tax/state-2025/ma.json';
import md from '../../../data/tax/state-2025/md.json';
import me from '../../../data/tax/state-2025/me.json';
import mi from '../../../data/tax/state-2025/mi.json';
import mn from '../../../data/tax/state-2025/mn.json';
import mo from '../../../data/tax/state-2025/mo.json';
import ms from '../../../data/tax/state-2025/ms.json';
import mt from '../../../data/tax/state-2025/mt.json';
import nc from '../../../data/tax/state-2025/nc.json';
import nd from '../../../data/tax/state-2025/nd.json';
import ne from '../../../data/tax/state-2025/ne.json';
import nh from '../../../data/tax/state-2025/nh.json';
import nj from '../../../data/tax/state-2025/nj.json';
import nm from '../../../data/tax/state-2025/nm.json';
import nv from '../../../data/tax/state-2025/nv.json';
import ny from '../../../data/tax/state-2025/ny.json';
import oh from '../../../data/tax/state-2025/oh.json';
import ok from '../../../data/tax/state-2025/ok.json';
import or from '../../../data/tax/state-2025/or.json';
import pa from '../../../data/tax/state-2025/pa.json';
import ri from '../../../data/tax/state-2025/ri.json';
import sc from '../../../data/tax/state-2025/sc.json';
import sd from '../../../data/tax/state-2025/sd.json';
import tn from '../../../data/tax/state-2025/tn.json';
import tx from '../../../data/tax/state-2025/tx.json';
import ut from '../../../data/tax/state-2025/ut.json';
import va from '../../../data/tax/state-2025/va.json';
import vt from '../../../data/tax/state-2025/vt.json';
import wa from '../../../data/tax/state-2025/wa.json';
import wi from '../../../data/tax/state-2025/wi.json';
import wv from '../../../data/tax/state-2025/wv.json';
import wy from '../../../data/tax/state-2025/wy.json';
// </generated imports>
import { defineYearTables } from '../../core/year-tables';
import type { StateTaxTable } from './tables';

/** The covered jurisdictions' 2025 tables, by upper-case postal code. */
export type StateTables = Readonly<Record<string, StateTaxTable>>;

/**
 * The state tables by tax year (only 2025): another year is an `unsupported_year` CalculationError on
 * `tax_year` listing the years.
 *
 * @example
 * ```ts
 * stateTaxTables.get(2025).CA?.kind; // 'graduated'
 * ```
 */
export const stateTaxTables = defineYearTables<StateTables>({
  name: 'state income tax',
  field: 'tax_year',
  files: 'tax/state',
  tables: {
    2025: {
      /* <generated map> */ AK: ak,
      AL: al,
      AR: ar,
      AZ: az,
      CA: ca,
      CO: co,
      CT: ct,
      DC: dc,
      DE: de,
      FL: fl,
      GA: ga,
      HI: hi,
      IA: ia,
      ID: id,
      IL: il,
      IN: in_,
      KS: ks,
      KY: ky,
      LA: la,
      MA: ma,
      MD: md,
      ME: me,
      MI: mi,
      MN: mn,
      MO: mo,
      MS: ms,
      MT: mt,
      NC: nc,
      ND: nd,
      NE: ne,
      NH: nh,
      NJ: nj,
      NM: nm,
      NV: nv,
      NY: ny,
      OH: oh,
      OK: ok,
      OR: or,
      PA: pa,
      RI: ri,
      SC: sc,
      SD: sd,
      TN: tn,
      TX: tx,
      UT: ut,
      VA: va,
      VT: vt,
      WA: wa,
      WI: wi,
      WV: wv,
      WY: wy /* </generated map> */,
    },
  },
});
