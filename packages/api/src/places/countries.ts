import { createRequire } from 'node:module'
import countries from 'i18n-iso-countries'

// Server-only: the English names of every ISO 3166-1 country (the browser gets names from the API).
const require = createRequire(import.meta.url)
countries.registerLocale(require('i18n-iso-countries/langs/en.json') as countries.LocaleData)

/**
 * Names travellers use that are not ISO names: the UK's nations, older and shorter forms. A story set in
 * "Scotland" is shown in the United Kingdom on the map.
 */
const ALIASES: Record<string, string> = {
  england: 'GB',
  scotland: 'GB',
  wales: 'GB',
  'northern ireland': 'GB',
  britain: 'GB',
  holland: 'NL',
  burma: 'MM',
  swaziland: 'SZ',
  macedonia: 'MK',
  vatican: 'VA',
  'vatican city': 'VA',
  laos: 'LA',
  syria: 'SY',
  moldova: 'MD',
  brunei: 'BN',
  'east timor': 'TL',
  micronesia: 'FM',
  america: 'US',
  'dr congo': 'CD',
  drc: 'CD',
  bosnia: 'BA',
  macau: 'MO',
}

/** Lower case, no accents, single spaces: "  Côte d’Ivoire " and "cote d'ivoire" read the same. */
export const normalizeName = (text: string): string =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[’‘`]/g, "'")
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim()

/** Every English name, short form and alias of every country with its code; official names first. */
export function countryNameEntries(): [string, string][] {
  const all = Object.entries(countries.getNames('en', { select: 'all' }))
  return [
    // Official names first, so an alias shared by two countries ("Congo") never hides an official one.
    ...all.flatMap(([code, [official]]): [string, string][] => (official ? [[official, code]] : [])),
    ...all.flatMap(([code, names]) => names.slice(1).map((name): [string, string] => [name, code])),
    ...Object.entries(ALIASES),
  ]
}

let nameTable: Map<string, string> | undefined

/** Normalised name → alpha-2 code. */
export function countryNameTable(): Map<string, string> {
  if (nameTable) return nameTable
  const table = new Map<string, string>()
  for (const [name, code] of countryNameEntries())
    if (!table.has(normalizeName(name))) table.set(normalizeName(name), code)
  nameTable = table
  return table
}

/** The country a free text names ("Nepal", "USA", "Pokhara, Nepal": the last part counts), or null. */
export function countryCodeFromText(text: string | null | undefined): string | null {
  if (!text) return null
  const table = countryNameTable()
  const whole = normalizeName(text)
  return table.get(whole) ?? table.get(normalizeName(text.split(',').at(-1) ?? '')) ?? null
}

export const isCountryCode = (code: string): boolean => countries.isValid(code) && /^[A-Z]{2}$/.test(code)

// Where the official name is long or formal, the name people say.
const SHORT_NAMES: Record<string, string> = {
  RU: 'Russia',
  LA: 'Laos',
  SY: 'Syria',
  BN: 'Brunei',
  MD: 'Moldova',
  FM: 'Micronesia',
  CD: 'DR Congo',
  VA: 'Vatican City',
}

/** "NP" → "Nepal", "US" → "United States", "TZ" → "Tanzania". */
export function countryName(code: string): string {
  const short = SHORT_NAMES[code]
  if (short) return short
  const [official, alias] = countries.getNames('en', { select: 'all' })[code] ?? []
  if (!official) return code
  return alias && alias.length > 3 && !alias.includes(',') && /,| of |\(/.test(official) ? alias : official
}

/** ISO 3166-1 numeric code ("524"), as world-atlas names its shapes; null for codes without one (Kosovo). */
export const numericCodeOf = (code: string): string | null => countries.alpha2ToNumeric(code) ?? null
