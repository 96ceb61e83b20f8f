import { Tokenizer, TokenParser, TokenType, type ParsedElementInfo } from '@streamparser/json'
import { ImportFileError } from './errors'

/** What one JSON document may hold before it is refused (each fitted to the document by its reader). */
export interface JsonLimits {
  /** Nesting of objects and arrays. */
  depth: number
  /** Bytes of one handed-over value, and of anything between two of them (what the parser holds at once). */
  valueBytes: number
  /** Tokens in the whole document (keys, values, brackets): the work it takes to read. */
  tokens: number
}

export type JsonPath = (string | number)[]

// Large chunks are fed in slices, so a value that grows past its limit is stopped within one slice of it.
const SLICE = 64 * 1024

/**
 * Reads a JSON document from a stream of bytes and hands over each value found at `paths` (JSONPath as
 * @streamparser/json reads it: `$.tables.*.*`) once it is complete; it is then dropped from the document, so
 * memory holds about one value at a time instead of the whole file. `name` says which document in messages.
 */
export async function streamJson(
  source: AsyncIterable<Uint8Array>,
  options: { name: string; paths: string[]; limits: JsonLimits },
  onValue: (value: unknown, path: JsonPath) => void | Promise<void>,
): Promise<void> {
  const { name, limits } = options
  const tokenizer = new Tokenizer()
  const parser = new TokenParser({ paths: options.paths, keepStack: false })
  const ready: { value: unknown; path: JsonPath }[] = []
  let failure: ImportFileError | null = null
  let depth = 0
  let tokens = 0
  let offset = 0
  let lastValueEnd = 0

  const fail = (message: string) => {
    failure ??= new ImportFileError(message)
  }
  tokenizer.onToken = (info) => {
    if (failure) return
    offset = info.offset
    if (++tokens > limits.tokens)
      return fail(`${name} holds more than ${limits.tokens.toLocaleString('en-US')} values; it was refused.`)
    if (info.token === TokenType.LEFT_BRACE || info.token === TokenType.LEFT_BRACKET) {
      if (++depth > limits.depth) return fail(`${name} nests values more than ${limits.depth} deep; it was refused.`)
    } else if (info.token === TokenType.RIGHT_BRACE || info.token === TokenType.RIGHT_BRACKET) depth--
    parser.write(info)
  }
  parser.onValue = ({ value, key, stack }: ParsedElementInfo) => {
    lastValueEnd = offset
    ready.push({ value, path: [...stack.slice(1).map((s) => s.key as string | number), key as string | number] })
  }
  const malformed = () => fail(`${name} is not valid JSON (is it complete?).`)
  tokenizer.onError = malformed
  parser.onError = malformed

  let fed = 0
  for await (const chunk of source) {
    for (let at = 0; at < chunk.length; at += SLICE) {
      const slice = chunk.subarray(at, at + SLICE)
      tokenizer.write(slice)
      fed += slice.length
      if (!failure && fed - lastValueEnd > limits.valueBytes)
        fail(`${name} holds a value larger than ${Math.round(limits.valueBytes / 1048576)} MB; it was refused.`)
      if (failure) throw failure
      for (const item of ready.splice(0)) await onValue(item.value, item.path)
    }
  }
  // The tokenizer knows whole tokens, the parser whole values: either can find the document cut short.
  if (!tokenizer.isEnded) tokenizer.end()
  if (!parser.isEnded) parser.end()
  if (failure) throw failure
  for (const item of ready.splice(0)) await onValue(item.value, item.path)
  if (tokens === 0) throw new ImportFileError(`${name} is empty.`)
}
