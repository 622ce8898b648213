/**
 * The 2025 state income tax tables (`data/tax/state/<code>/2025.json`, one per covered jurisdiction),
 * by upper-case postal code, and the year set behind the `tax_year` field of `/v1/tax/state-income`.
 * A jurisdiction without a file is not covered: the operation answers `unsupported_jurisdiction`.
 *
 * @internal
 * @module
 */
// <generated imports>
import ak from '../../../data/tax/state/ak/2025.json';
import al from '../../../data/tax/state/al/2025.json';
import ar from '../../../data/tax/state/ar/2025.json';
import az from '../../../data/tax/state/az/2025.json';
import ca from '../../../data/tax/state/ca/2025.json';
import co from '../../../data/tax/state/co/2025.json';
import ct from '../../../data/tax/state/ct/2025.json';
import dc from '../../../data/tax/state/dc/2025.json';
import de from '../../../data/tax/state/de/2025.json';
import fl from '../../../data/tax/state/fl/2025.json';
import ga from '../../../data/tax/state/ga/2025.json';
import hi from '../../../data/tax/state/hi/2025.json';
import ia from '../../../data/tax/state/ia/2025.json';
import id from '../../../data/tax/state/id/2025.json';
import il from '../../../data/tax/state/il/2025.json';
import in_ from '../../../data/tax/state/in/2025.json';
import ks from '../../../data/tax/state/ks/2025.json';
import ky from '../../../data/tax/state/ky/2025.json';
import la from '../../../data/tax/state/la/2025.json';
import ma from '../../../data/tax/state/ma/2025.json';
import md from '../../../data/tax/state/md/2025.json';
import me from '../../../data/tax/state/me/2025.json';
import mi from '../../../data/tax/state/mi/2025.json';
import mn from '../../../data/tax/state/mn/2025.json';
import mo from '../../../data/tax/state/mo/2025.json';
import ms from '../../../data/tax/state/ms/2025.json';
import mt from '../../../data/tax/state/mt/2025.json';
import nc from '../../../data/tax/state/nc/2025.json';
import nd from '../../../data/tax/state/nd/2025.json';
import ne from '../../../data/tax/state/ne/2025.json';
import nh from '../../../data/tax/state/nh/2025.json';
import nj from '../../../data/tax/state/nj/2025.json';
import nm from '../../../data/tax/state/nm/2025.json';
import nv from '../../../data/tax/state/nv/2025.json';
import ny from '../../../data/tax/state/ny/2025.json';
import oh from '../../../data/tax/state/oh/2025.json';
import ok from '../../../data/tax/state/ok/2025.json';
import or from '../../../data/tax/state/or/2025.json';
import pa from '../../../data/tax/state/pa/2025.json';
import ri from '../../../data/tax/state/ri/2025.json';
import sc from '../../../data/tax/state/sc/2025.json';
import sd from '../../../data/tax/state/sd/2025.json';
import tn from '../../../data/tax/state/tn/2025.json';
import tx from '../../../data/tax/state/tx/2025.json';
import ut from '../../../data/tax/state/ut/2025.json';
import va from '../../../data/tax/state/va/2025.json';
import vt from '../../../data/tax/state/vt/2025.json';
import wa from '../../../data/tax/state/wa/2025.json';
import wi from '../../../data/tax/state/wi/2025.json';
import wv from '../../../data/tax/state/wv/2025.json';
import wy from '../../../data/tax/state/wy/2025.json';
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
