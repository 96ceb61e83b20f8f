// Browser-safe: the ISO 3166-1 alpha-2 codes i18n-iso-countries knows (plus XK, Kosovo), packed two letters
// at a time. A unit test keeps it equal to the library's list.
const PACKED =
  'ADAEAFAGAIALAMAOAQARASATAUAWAXAZBABBBDBEBFBGBHBIBJBLBMBNBOBQBRBSBTBVBWBYBZCACCCDCFCGCHCICKCLCMCNCOCRCUCVCWCXCYCZDEDJDKDMDODZECEEEGEHERESETFIFJFKFMFOFRGAGBGDGEGFGGGHGIGLGMGNGPGQGRGSGTGUGWGYHKHMHNHRHTHUIDIEILIMINIOIQIRISITJEJMJOJPKEKGKHKIKMKNKPKRKWKYKZLALBLCLILKLRLSLTLULVLYMAMCMDMEMFMGMHMKMLMMMNMOMPMQMRMSMTMUMVMWMXMYMZNANCNENFNGNINLNONPNRNUNZOMPAPEPFPGPHPKPLPMPNPRPSPTPWPYQARERORSRURWSASBSCSDSESGSHSISJSKSLSMSNSOSRSSSTSVSXSYSZTCTDTFTGTHTJTKTLTMTNTOTRTTTVTWTZUAUGUMUSUYUZVAVCVEVGVIVNVUWFWSXKYEYTZAZMZW'

export const COUNTRY_CODES: ReadonlySet<string> = new Set(PACKED.match(/../g))

/** The flag emoji of a country: two regional-indicator letters ("NP" → 🇳🇵), drawn by the visitor's system. */
export const flagOf = (code: string): string =>
  String.fromCodePoint(...[...code.toUpperCase()].map((c) => 0x1f1e6 + c.charCodeAt(0) - 65))

/** A code the country pages accept: an assigned ISO 3166-1 alpha-2 code, upper case (the web app checks URLs). */
export const isCountryCodeShape = (code: string): boolean => COUNTRY_CODES.has(code)
