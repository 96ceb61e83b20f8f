/**
 * Folds accents and case the way the stored search documents do (migration `search_documents`, function
 * search_fold): the text is decomposed (NFD), its combining diacritical marks (U+0300–U+036F) are dropped, the
 * letters with a stroke and no decomposition become their base letter, then lower case.
 * "Chișinău" → "chisinau", "São" → "sao", "Łódź" → "lodz".
 */
export const STROKED_LETTERS: Readonly<Record<string, string>> = {
  ø: 'o',
  Ø: 'O',
  đ: 'd',
  Đ: 'D',
  ł: 'l',
  Ł: 'L',
  ħ: 'h',
  Ħ: 'H',
  ı: 'i',
  ŧ: 't',
  Ŧ: 'T',
  ƀ: 'b',
}

const stroked = new RegExp(`[${Object.keys(STROKED_LETTERS).join('')}]`, 'g')

/** Text as the search documents hold it before it is parsed into words. */
export function foldForSearch(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(stroked, (letter) => STROKED_LETTERS[letter] ?? letter)
    .toLowerCase()
}
