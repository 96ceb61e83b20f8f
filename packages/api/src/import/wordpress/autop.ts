// Block-level tags never wrapped in <p> (after WordPress's wpautop list).
const BLOCKS =
  'table|thead|tfoot|caption|col|colgroup|tbody|tr|td|th|div|dl|dd|dt|ul|ol|li|pre|form|map|area|blockquote|address|math|style|p|h[1-6]|hr|fieldset|legend|section|article|aside|hgroup|header|footer|nav|figure|figcaption|details|menu|summary|iframe|video|audio|object'
const openBlock = new RegExp(`(<(?:${BLOCKS})[\\s/>])`, 'gi')
const closeBlock = new RegExp(`(</(?:${BLOCKS})>)`, 'gi')
const startsWithBlock = new RegExp(`^<(?:${BLOCKS}|/(?:${BLOCKS}))[\\s/>]`, 'i')

/**
 * WordPress's automatic paragraphs, simplified: classic-editor posts are stored with blank lines between
 * paragraphs and single newlines as line breaks. Block-level HTML is left alone; <pre> keeps its newlines.
 */
export function autop(text: string): string {
  const preserved: string[] = []
  let html = text
    .replace(/\r\n?/g, '\n')
    .replace(/<pre[\s>][\s\S]*?<\/pre>/gi, (pre) => `<!--pre${preserved.push(pre) - 1}-->`)
  html = html.replace(openBlock, '\n\n$1').replace(closeBlock, '$1\n\n')
  const chunks = html
    .split(/\n\s*\n/)
    .map((c) => c.trim())
    .filter(Boolean)
  const out = chunks.map((chunk) => {
    if (/^<!--pre\d+-->$/.test(chunk) || startsWithBlock.test(chunk) || /^<!--[\s\S]*-->$/.test(chunk)) return chunk
    return `<p>${chunk.replace(/\n/g, '<br />\n')}</p>`
  })
  return out.join('\n').replace(/<!--pre(\d+)-->/g, (_m, i: string) => preserved[Number(i)] ?? '')
}
