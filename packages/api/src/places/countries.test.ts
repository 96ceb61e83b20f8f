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

  it('reads the country a location text names, whatever its case, accents or spacing', () => {
    expect(countryCodeFromText('Nepal')).toBe('NP')
    expect(countryCodeFromText('  CÔTE d’Ivoire ')).toBe('CI')
    expect(countryCodeFromText('USA')).toBe('US')
    expect(countryCodeFromText('Scotland')).toBe('GB')
    expect(countryCodeFromText('Pokhara, Nepal')).toBe('NP')
    expect(countryCodeFromText('Congo')).toBe('CG')
    expect(countryCodeFromText('Atlantis')).toBeNull()
    expect(countryCodeFromText('')).toBeNull()
  })

  it('names countries the way people say them, with flags and numeric codes for the world map', () => {
    expect(countryName('US')).toBe('United States')
    expect(countryName('TZ')).toBe('Tanzania')
    expect(countryName('GB')).toBe('United Kingdom')
    expect(countryName('RU')).toBe('Russia')
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
