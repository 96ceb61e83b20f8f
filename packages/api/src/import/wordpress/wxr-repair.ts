import { isUtf8 } from 'node:buffer'
import { ImportFileError } from '../errors'

import type { FileRepair } from '../model'

const MESSAGES = {
  ampersand: 'a bare “&” was read as “&amp;”',
  control: 'control characters (not allowed in XML) were removed',
  encoding: 'bytes that are not valid UTF-8 were replaced with “�”',
} as const
type RepairKind = keyof typeof MESSAGES

const MAX_LISTED = 500

/** The repairs of one read of a file: the first 500 lines listed, the rest counted. */
export class RepairLog {
  private readonly byLine = new Map<string, FileRepair & { count: number }>()
  more = 0

  add(kind: RepairKind, line: number, count = 1): void {
    const key = `${line} ${kind}`
    const known = this.byLine.get(key)
    if (known) known.count += count
    else if (this.byLine.size < MAX_LISTED) this.byLine.set(key, { line, message: MESSAGES[kind], count })
    else this.more++
  }

  list(): FileRepair[] {
    const found = [...this.byLine.values()].sort((a, b) => a.line - b.line)
    return found.map(({ line, message, count }) => ({
      line,
      message: count > 1 ? `${message} (${count} times)` : message,
    }))
  }
}

// Outside CDATA sections, comments and processing instructions, an "&" must start one of XML's five entities or
// a character reference; anything else is the bare "&" of a URL query or a title that WordPress exported as is.
// A character reference to a character XML does not allow (&#1;) is a control character like any other.
const MARKUP = /<!\[CDATA\[|<!--|<\?|&#(?:x([\da-fA-F]{1,6})|(\d{1,7}));|&(?!(?:amp|lt|gt|quot|apos);)/g
const CLOSE = { cdata: ']]>', comment: '-->', pi: '?>' } as const
type State = 'text' | keyof typeof CLOSE
// Characters XML 1.0 does not allow anywhere (tab, newline and carriage return are fine).
// eslint-disable-next-line no-control-regex
const FORBIDDEN = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g

/** Lines longer than this are cut after a ">" (never inside a marker); a line without one is refused at 32 MB. */
const CUT_AT = 1024 * 1024
const MAX_LINE = 32 * 1024 * 1024

/**
 * Reads a WordPress export the way WordPress's own importer does when its strict parser gives up: the well-known
 * damage of real exports is repaired and logged with its line — bytes that are not UTF-8, control characters,
 * bare "&" — and everything else (a DTD, an unknown tag, a truncated file) is left for the XML parser to refuse.
 * Nothing adds or removes a line break, so the parser's line numbers stay those of the file.
 */
export async function* repairedWxrText(bytes: AsyncIterable<Buffer>, log: RepairLog): AsyncGenerator<string> {
  let state: State = 'text'
  let line = 1
  let carry: Buffer = Buffer.alloc(0)
  let first = true

  const repair = (buffer: Buffer): string => {
    let text = decode(buffer)
    if (first) {
      text = text.replace(/^\uFEFF/, '')
      first = false
    }
    const controlLine = lineCounter(text, line)
    text = text.replace(FORBIDDEN, (_match, at: number) => (log.add('control', controlLine(at)), ''))
    const lineAt = lineCounter(text, line)
    const out: string[] = []
    let from = 0
    while (from < text.length) {
      if (state !== 'text') {
        const end = text.indexOf(CLOSE[state], from)
        if (end < 0) break
        out.push(text.slice(from, end + CLOSE[state].length))
        from = end + CLOSE[state].length
        state = 'text'
        continue
      }
      MARKUP.lastIndex = from
      const match = MARKUP.exec(text)
      if (!match) break
      if (match[0] === '&') {
        out.push(text.slice(from, match.index), '&amp;')
        log.add('ampersand', lineAt(match.index))
        from = match.index + 1
        continue
      }
      if (match[0].startsWith('&#')) {
        const code = match[1] ? parseInt(match[1], 16) : Number(match[2])
        out.push(text.slice(from, match.index))
        if (allowedInXml(code)) out.push(match[0])
        else log.add('control', lineAt(match.index))
        from = match.index + match[0].length
        continue
      }
      state = match[0] === '<?' ? 'pi' : match[0] === '<!--' ? 'comment' : 'cdata'
      out.push(text.slice(from, match.index + match[0].length))
      from = match.index + match[0].length
    }
    out.push(text.slice(from))
    line += countLines(text)
    return out.join('')
  }

  // Invalid bytes are found line by line: a line break is never part of a UTF-8 sequence.
  const decode = (buffer: Buffer): string => {
    if (isUtf8(buffer)) return buffer.toString('utf8')
    const lines: string[] = []
    let at = 0
    for (let n = line; at < buffer.length; n++) {
      const end = buffer.indexOf(0x0a, at)
      const piece = buffer.subarray(at, end < 0 ? buffer.length : end + 1)
      if (isUtf8(piece)) lines.push(piece.toString('utf8'))
      else {
        lines.push(new TextDecoder('utf-8').decode(piece))
        log.add('encoding', n)
      }
      at = end < 0 ? buffer.length : end + 1
    }
    return lines.join('')
  }

  for await (const chunk of bytes) {
    carry = carry.length ? Buffer.concat([carry, chunk]) : chunk
    const lastBreak = carry.lastIndexOf(0x0a)
    let cut = lastBreak + 1
    if (cut === 0 && carry.length > CUT_AT) {
      cut = carry.lastIndexOf(0x3e) + 1
      if (cut === 0 && carry.length > MAX_LINE)
        throw new ImportFileError(`Line ${line} of the file is longer than 32 MB: is it a WordPress export?`)
    }
    if (cut > 0) {
      yield repair(carry.subarray(0, cut))
      carry = carry.subarray(cut)
    }
  }
  if (carry.length) yield repair(carry)
}

const allowedInXml = (code: number): boolean =>
  code === 0x9 ||
  code === 0xa ||
  code === 0xd ||
  (code >= 0x20 && code <= 0xd7ff) ||
  (code >= 0xe000 && code <= 0xfffd) ||
  (code >= 0x10000 && code <= 0x10ffff)

const countLines = (text: string): number => {
  let n = 0
  for (let at = text.indexOf('\n'); at >= 0; at = text.indexOf('\n', at + 1)) n++
  return n
}

/** The line of a position of `text` (which starts on line `start`), for positions asked in increasing order. */
function lineCounter(text: string, start: number): (at: number) => number {
  let line = start
  let scanned = 0
  return (at) => {
    for (let i = text.indexOf('\n', scanned); i >= 0 && i < at; i = text.indexOf('\n', i + 1)) {
      line++
      scanned = i + 1
    }
    return line
  }
}
