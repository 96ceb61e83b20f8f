import { readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { resolveMigrationsDir } from '@wayfarer/db'
import { foldForSearch, STROKED_LETTERS } from './search-fold'

describe('search folding', () => {
  it('folds like the stored search documents: same marks, same stroked letters', () => {
    const sql = readFileSync(
      path.join(resolveMigrationsDir(), '20261126235000_search_documents', 'migration.sql'),
      'utf8',
    )
    const fold =
      /RETURN lower\(translate\(regexp_replace\(normalize\("value", NFD\), '(.*?)', '', 'g'\), '(.*?)', '(.*?)'\)\)/.exec(
        sql,
      )
    expect(fold?.[1]).toBe('[\\u0300-\\u036f]')
    expect(fold?.[2]).toBe(Object.keys(STROKED_LETTERS).join(''))
    expect(fold?.[3]).toBe(Object.values(STROKED_LETTERS).join(''))
  })

  it('folds accents and case, composed or decomposed, and leaves other scripts alone', () => {
    expect(foldForSearch('Chișinău')).toBe('chisinau')
    expect(foldForSearch('Chis\u0326ina\u0306u')).toBe('chisinau')
    expect(foldForSearch('SÃO Ørsted Łódź Đà Nẵng')).toBe('sao orsted lodz da nang')
    expect(foldForSearch('東京')).toBe('東京')
  })
})
