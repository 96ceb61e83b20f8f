import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import countries from 'i18n-iso-countries'
import { describe, expect, it } from 'vitest'
import { resolveMigrationsDir } from '@wayfarer/db'
import { countryBackfillSql } from './country-backfill'
import { COUNTRY_CODES, flagOf } from './country-codes'
import { countryCodeFromText, countryName, numericCodeOf } from './countries'

describe('countries', () => {
  it('knows exactly the codes i18n-iso-countries knows (the browser-safe list)', () => {
    expect([...COUNTRY_CODES].sort()).toEqual(Object.keys(countries.getAlpha2Codes()).sort())
  })

  // Whatever its case, accents or spacing; a place name before the country; nothing for no country.
  const named = {
    Nepal: 'NP',
    '  CÔTE d’Ivoire ': 'CI',
    USA: 'US',
    Scotland: 'GB',
    'Pokhara, Nepal': 'NP',
    Congo: 'CG',
    Atlantis: null,
    '': null,
  }
  it.each(Object.entries(named))('reads the country in the location text %j: %s', (text, code) => {
    expect(countryCodeFromText(text)).toBe(code)
  })

  const spoken = { US: 'United States', TZ: 'Tanzania', GB: 'United Kingdom', RU: 'Russia' }
  it.each(Object.entries(spoken))('names %s the way people say it: %s', (code, name) => {
    expect(countryName(code)).toBe(name)
  })

  it('gives flags and numeric codes for the world map', () => {
    expect(flagOf('np')).toBe('🇳🇵')
    expect(numericCodeOf('NP')).toBe('524')
  })

  it('backfills in the places migration with exactly the generated name table', () => {
    const dir = resolveMigrationsDir()
    const places = readdirSync(dir).find((name) => name.endsWith('_places'))!
    const sql = readFileSync(path.join(dir, places, 'migration.sql'), 'utf8')
    expect(sql.slice(sql.indexOf('-- Backfill'))).toBe(countryBackfillSql())
  })
})
