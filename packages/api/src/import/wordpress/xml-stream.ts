import { createReadStream } from 'node:fs'
import sax from 'sax'
import { ImportFileError } from '../errors'
import { repairedWxrText, RepairLog } from './wxr-repair'

/** A small element tree: one <item> (or a channel-level <wp:author>, <wp:category>…) at a time. */
export interface XmlNode {
  name: string
  attrs: Record<string, string>
  text: string
  children: XmlNode[]
}

export const child = (node: XmlNode, name: string): XmlNode | undefined => node.children.find((c) => c.name === name)
export const childText = (node: XmlNode, name: string): string => child(node, name)?.text.trim() ?? ''
export const childrenNamed = (node: XmlNode, name: string): XmlNode[] => node.children.filter((c) => c.name === name)

// Elements of <channel> handed over whole; everything else at channel level is read as simple text.
const RECORDS = new Set(['item', 'wp:author', 'wp:category', 'wp:tag', 'wp:term'])

/**
 * What a WordPress export needs, with room to spare; a file beyond any of these is refused, never buffered. A
 * record is one <item> (a story with all its comments and metadata) or one author or term; WXR nests six deep
 * (rss › channel › item › wp:comment › wp:commentmeta › wp:meta_key).
 */
export const WXR_LIMITS = {
  recordChars: 32 * 1024 * 1024,
  recordElements: 100_000,
  records: 200_000,
  depth: 24,
  channelFieldChars: 64 * 1024,
}

export interface WxrVisitor {
  /** Text of a simple channel element (title, link, wp:base_site_url, wp:wxr_version…). */
  channel(name: string, text: string): void
  record(node: XmlNode): void | Promise<void>
}

/**
 * Streams a WXR file, repaired on the way as WordPress would read it (`wxr-repair.ts`, logged in `repairs`),
 * through sax: no DTD is ever processed (a file that declares one is refused before any entity could be looked
 * at, so external entities and entity expansion bombs cannot work), only one record is in memory at a time and
 * WXR_LIMITS hold. Throws ImportFileError with the line for anything that is not a WXR file.
 */
export async function streamWxr(file: string, visitor: WxrVisitor, repairs = new RepairLog()): Promise<void> {
  const parser = sax.parser(true, { trim: false, normalize: false })
  const stack: XmlNode[] = []
  const pending: XmlNode[] = []
  let channelField: { name: string; text: string } | null = null
  let recordStart = 0
  let recordElements = 0
  let records = 0
  let depth = 0
  let sawRoot = false
  let failure: ImportFileError | null = null

  const fail = (message: string) => {
    failure ??= new ImportFileError(message)
  }
  const where = () => `line ${parser.line + 1}`

  parser.ondoctype = () =>
    fail(
      'The file declares a DTD (<!DOCTYPE …>). WordPress exports never do, and DTD entities can be used to read files from the server, so the file was refused.',
    )
  parser.onerror = (error) =>
    fail(`The file is not well-formed XML (${error.message.split('\n')[0]} at ${where()}). Is it complete?`)
  parser.onopentag = (tag) => {
    if (failure) return
    const attrs = Object.fromEntries(
      Object.entries(tag.attributes).map(([k, v]) => [k, typeof v === 'string' ? v : v.value]),
    )
    if (!sawRoot) {
      sawRoot = true
      if (tag.name !== 'rss')
        return fail(`This is not a WordPress export (WXR): it starts with <${tag.name}>, not <rss>.`)
    }
    depth++
    if (depth > WXR_LIMITS.depth)
      return fail(
        `The file nests elements more than ${WXR_LIMITS.depth} deep (${where()}): it is not a WordPress export.`,
      )
    if (depth === 3 && RECORDS.has(tag.name)) {
      if (++records > WXR_LIMITS.records)
        return fail(
          `The file holds more than ${WXR_LIMITS.records.toLocaleString('en-US')} entries: split the export (WordPress: Tools → Export, by date or by author).`,
        )
      recordStart = parser.startTagPosition
      recordElements = 0
    }
    if (stack.length || (depth === 3 && RECORDS.has(tag.name))) {
      if (++recordElements > WXR_LIMITS.recordElements)
        return fail(
          `An entry near ${where()} holds more than ${WXR_LIMITS.recordElements.toLocaleString('en-US')} elements; the file was refused.`,
        )
      if (parser.position - recordStart > WXR_LIMITS.recordChars) return failRecordSize()
      stack.push({ name: tag.name, attrs, text: '', children: [] })
    } else if (depth === 3) {
      channelField = { name: tag.name, text: '' }
    }
  }
  const failRecordSize = () => fail(`An entry near ${where()} is larger than 32 MB; the file was refused.`)
  const onText = (text: string) => {
    if (failure) return
    const node = stack.at(-1)
    if (node) {
      if (parser.position - recordStart > WXR_LIMITS.recordChars) return failRecordSize()
      node.text += text
    } else if (channelField) {
      channelField.text += text
      if (channelField.text.length > WXR_LIMITS.channelFieldChars)
        fail(`The element <${channelField.name}> near ${where()} is larger than 64 KB: it is not a WordPress export.`)
    }
  }
  parser.ontext = onText
  parser.oncdata = onText
  parser.onclosetag = () => {
    depth--
    if (failure) return
    const node = stack.pop()
    if (node) {
      const parent = stack.at(-1)
      if (parent) parent.children.push(node)
      else pending.push(node)
    } else if (channelField && depth === 2) {
      visitor.channel(channelField.name, channelField.text.trim())
      channelField = null
    }
  }

  const stream = createReadStream(file, { highWaterMark: 256 * 1024 })
  try {
    for await (const chunk of repairedWxrText(stream, repairs)) {
      parser.write(chunk)
      if (failure) throw failure
      for (const node of pending.splice(0)) await visitor.record(node)
    }
    parser.close()
    if (failure) throw failure
    if (!sawRoot) throw new ImportFileError('The file is empty or not XML: expected a WordPress export (WXR).')
    for (const node of pending.splice(0)) await visitor.record(node)
  } finally {
    stream.destroy()
  }
}
