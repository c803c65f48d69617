/** Why a tax ID was refused. */
export type TaxIdReason = 'format' | 'length' | 'checksum' | 'unknown_prefix' | 'unknown_country' | 'rejected_online';

/** The verdict of {@link validateTaxId}. */
export interface TaxIdValidation {
  /** `true`: well-formed with a correct check digit; `false`: invalid, or of a country or prefix that is none (`reason` says which); `null`: a real country without an offline rule (or, from `checkTaxId`, the online check was unavailable). */
  valid: boolean | null;
  /** ISO 3166-1 alpha-2 code of the issuing country (`GR` for `EL` numbers), `XI` for Northern Ireland, `EU` for OSS numbers; `null` when unknown. */
  country: string | null;
  /** The number in its canonical compact form (with its usual prefix, e.g. `DE136695976`, `EL094259216`, `CHE109298651MWST`), or `null` when invalid or unknown. */
  normalized: string | null;
  /** The kind of number (`eu_vat`, `gb_vat`, `ch_uid`, `au_abn`, `ca_bn`, …), or `null` when unknown. */
  kind: string | null;
  /** Why the number is invalid (only when `valid` is `false`). */
  reason?: TaxIdReason;
}

/** A valid number: its kind and canonical form. */
export interface TaxIdOk {
  ok: true;
  kind: string;
  normalized: string;
}
/** An invalid number: why, and the kind it was taken for when that is known. */
export interface TaxIdBad {
  ok: false;
  kind: string | null;
  reason: TaxIdReason;
}
export type TaxIdCheck = TaxIdOk | TaxIdBad;

/**
 * The offline rules for one country's tax IDs.
 *
 * `validate` receives the number compacted (uppercase; spaces, dots, dashes, slashes,
 * commas, colons, underscores and parentheses removed) with the country prefix already
 * removed when the input carried one of `prefixes`. It must not throw and must not
 * allocate an `Error`.
 */
export interface TaxIdModule {
  /** ISO 3166-1 alpha-2 code of the issuing country (`XI` for Northern Ireland, `EU` for OSS). */
  country: string;
  /** Prefixes written before the number (`['AT']`, `['EL', 'GR']`, `['CHE']`), longest first; `[]` when numbers carry none. */
  prefixes: readonly string[];
  /** What the country calls each kind of number the module returns, by kind (`{ br_cnpj: 'CNPJ (Cadastro Nacional da Pessoa Jurídica)' }`). */
  names?: Readonly<Record<string, string>>;
  validate(body: string): TaxIdCheck;
}

export const ok = (kind: string, normalized: string): TaxIdOk => ({ ok: true, kind, normalized });
export const bad = (reason: TaxIdReason, kind: string | null = null): TaxIdBad => ({ ok: false, kind, reason });
