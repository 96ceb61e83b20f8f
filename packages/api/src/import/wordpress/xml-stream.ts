import { createReadStream } from 'node:fs'
import sax from 'sax'
import { ImportFileError } from '../errors'

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
// One story with all its comments should never come near this; a bigger one is refused, not buffered.
const MAX_RECORD_CHARS = 32 * 1024 * 1024

export interface WxrVisitor {
  /** Text of a simple channel element (title, link, wp:base_site_url, wp:wxr_version…). */
  channel(name: string, text: string): void
  record(node: XmlNode): void | Promise<void>
}

/**
 * Streams a WXR file through sax: no DTD is ever processed (a file that declares one is refused before any
 * entity could be looked at, so external entities and entity expansion bombs cannot work), and only one
 * record is in memory at a time. Throws ImportFileError with the line for anything that is not a WXR file.
 */
export async function streamWxr(file: string, visitor: WxrVisitor): Promise<void> {
  const parser = sax.parser(true, { trim: false, normalize: false })
  const stack: XmlNode[] = []
  const pending: XmlNode[] = []
  let channelField: { name: string; text: string } | null = null
  let recordChars = 0
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
    if (stack.length || (depth === 3 && RECORDS.has(tag.name))) {
      stack.push({ name: tag.name, attrs, text: '', children: [] })
    } else if (depth === 3) {
      channelField = { name: tag.name, text: '' }
    }
  }
  const onText = (text: string) => {
    if (failure) return
    const node = stack.at(-1)
    if (node) {
      recordChars += text.length
      if (recordChars > MAX_RECORD_CHARS)
        return fail(`An entry near ${where()} is larger than 32 MB; the file was refused.`)
      node.text += text
    } else if (channelField) channelField.text += text
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
      else {
        pending.push(node)
        recordChars = 0
      }
    } else if (channelField && depth === 2) {
      visitor.channel(channelField.name, channelField.text.trim())
      channelField = null
    }
  }

  const stream = createReadStream(file, { encoding: 'utf8', highWaterMark: 256 * 1024 })
  try {
    for await (const chunk of stream as AsyncIterable<string>) {
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
