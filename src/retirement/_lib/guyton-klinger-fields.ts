/**
 * The request fields of the Guyton-Klinger thresholds, shared by monte-carlo (`spending_rule`) and
 * withdrawal-strategy (`guardrails`), and their translation to {@link GuytonKlingerRules}.
 *
 * @internal
 * @module
 */
import { flag, integer, number, withDefault } from '../../core/schema';
import { GUYTON_KLINGER_DEFAULTS, type GuytonKlingerRules } from './spending-rules';

const share = (description: string, fallback: number) =>
  withDefault(number(`${description} (0-1, default ${fallback}).`, { min: 0, max: 1 }), fallback);

/** The threshold fields, each defaulting to the paper's value. */
export const guytonKlingerFields = {
  withdrawal_rule: withDefault(
    flag(
      'Skip the inflation raise after a year with a negative portfolio return when the raised withdrawal ' +
        'would be a larger share of the portfolio than the initial withdrawal rate (default true).',
    ),
    GUYTON_KLINGER_DEFAULTS.withdrawalRule,
  ),
  capital_preservation_threshold: share(
    'Cut when the current withdrawal rate exceeds the initial one by more than this share',
    GUYTON_KLINGER_DEFAULTS.capitalPreservationThreshold,
  ),
  capital_preservation_cut: share(
    'The capital preservation cut: the withdrawal falls by this share',
    GUYTON_KLINGER_DEFAULTS.capitalPreservationCut,
  ),
  capital_preservation_final_years: withDefault(
    integer(
      'The capital preservation rule does not apply in the final this-many years of the plan (0-120, ' +
        `default ${GUYTON_KLINGER_DEFAULTS.capitalPreservationFinalYears}).`,
      { min: 0, max: 120 },
    ),
    GUYTON_KLINGER_DEFAULTS.capitalPreservationFinalYears,
  ),
  prosperity_threshold: share(
    'Raise when the current withdrawal rate is below the initial one by more than this share',
    GUYTON_KLINGER_DEFAULTS.prosperityThreshold,
  ),
  prosperity_raise: share(
    'The prosperity raise: the withdrawal rises by this share',
    GUYTON_KLINGER_DEFAULTS.prosperityRaise,
  ),
};

/** Parsed threshold fields. */
export interface GuytonKlingerFields {
  readonly withdrawal_rule: boolean;
  readonly capital_preservation_threshold: number;
  readonly capital_preservation_cut: number;
  readonly capital_preservation_final_years: number;
  readonly prosperity_threshold: number;
  readonly prosperity_raise: number;
}

/** The rules of parsed threshold fields (the paper's defaults when `fields` is undefined). */
export function rulesFromFields(fields: GuytonKlingerFields | undefined): GuytonKlingerRules {
  if (fields === undefined) return GUYTON_KLINGER_DEFAULTS;
  return {
    withdrawalRule: fields.withdrawal_rule,
    capitalPreservationThreshold: fields.capital_preservation_threshold,
    capitalPreservationCut: fields.capital_preservation_cut,
    capitalPreservationFinalYears: fields.capital_preservation_final_years,
    prosperityThreshold: fields.prosperity_threshold,
    prosperityRaise: fields.prosperity_raise,
  };
}
