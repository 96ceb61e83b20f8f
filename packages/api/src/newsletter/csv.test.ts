import { describe, expect, it } from 'vitest'
import { csvCell, parseCsv } from './csv'

describe('subscriber CSV', () => {
  it('neutralises cells a spreadsheet would run as formulas', () => {
    expect(csvCell('=HYPERLINK("http://evil")')).toBe(`"'=HYPERLINK(""http://evil"")"`)
    expect(csvCell('+1')).toBe("'+1")
    expect(csvCell('-2')).toBe("'-2")
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)")
    expect(csvCell('ann@example.com')).toBe('ann@example.com')
  })

  it('reads quoted fields with commas, quotes and line breaks', () => {
    expect(parseCsv('\uFEFFemail,name\r\n"a@x.io","Doe, ""Jo""\nJr"\r\nb@x.io,\n\n')).toEqual([
      ['email', 'name'],
      ['a@x.io', 'Doe, "Jo"\nJr'],
      ['b@x.io', ''],
    ])
  })
})
