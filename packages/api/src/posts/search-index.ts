import DataLoader from 'dataloader'
import { Prisma, type PrismaClient } from '@wayfarer/db'
import { foldForSearch } from './search-fold'
import { publicPostSql } from './visibility'
import { computeEveryTime, type Remember } from '../deps'

/** A search's matches, best first (docs/product.md, "Blog"): every id, and how many there are. */
export interface SearchMatches {
  ids: number[]
  total: number
}

/** What a field match of a word is worth, by where the word is: title (A), excerpt (B), place (C). */
const WEIGHT_OF = [1, 0.4, 0.2, 0.1] as const
const WEIGHT_CODES: Record<string, number> = { A: 0, B: 1, C: 2, D: 3 }
/** Added to a field match's score when its category's name has every word too, or its title the typed text. */
const CATEGORY_BONUS = 0.01
const TITLE_TEXT_BONUS = 0.05
/** Details of changed stories are read this many at a time, so a first build at 100,000 stories stays small. */
const READ_BATCH = 500
/** Query words whose lexemes are kept (a reader's words repeat; each new one costs one small statement). */
const MAX_KEPT_WORDS = 20_000

interface IndexedPost {
  id: number
  publishedAt: number
  categoryId: number | null
  /** Folded (search-fold.ts) for the typed text's substring match. */
  title: string
  excerpt: string
  place: string
  country: string
}

/** A story as read, with its words: kept in the posting lists only. */
interface ReadPost {
  post: IndexedPost
  /** The fields' lexemes: term id × 4 + the best weight code it has there. */
  fields: Int32Array
  /** The text's lexemes, as term ids. */
  body: Int32Array
}

interface IndexedCategory {
  id: number
  slug: string
  name: string
  folded: string
  lexemes: string[]
}

interface PostRow {
  id: number
  published_at: Date | null
  category_id: number | null
  title: string
  excerpt: string | null
  location_name: string | null
  location_country: string | null
  fields: [string, string[]][] | string
  body: string[] | null
}

/**
 * The blog search, answered from memory. PostgreSQL still decides what the words are: each published story's
 * stored documents (`search_fields`, `search_body`: folded, parsed and stemmed by the database on every save,
 * whichever process saves) are read into an inverted index, and the searched words are stemmed by the same
 * `to_tsquery('english')` (each word once; the lexemes are kept). What the index adds is speed: a search at
 * 10,000 stories costs about a millisecond of this process instead of a statement that ranks and counts every
 * match (100–300 ms on the embedded database for a common word).
 *
 * Staying current: before a search the index asks which stories' searched columns were written since it last
 * looked (the `post_search_versions` table, kept by triggers: migration `search_versions` says why by
 * transaction) and reads those again, or the categories when they changed. That look is one small statement,
 * whatever the site's size. It looks once per change the server hears of (`remember`: a write here or a
 * notification from another process, as for every kept answer); where it can hear none, before every search.
 *
 * Hand-written because no library fits: MiniSearch, FlexSearch and the like tokenize and stem in JavaScript,
 * which would find other words than the database's documents (stop words, English stems, accents).
 */
export class PostSearchIndex {
  private posts: (IndexedPost | undefined)[] = []
  private readonly slotOf = new Map<number, number>()
  private dead = 0
  /** Live slots, newest first (published_at, then id), as the text tier lists them. */
  private order = new Int32Array(0)
  /** By slot: the story's id, and its category's place in `categories` (-1: none). */
  private idOf = new Int32Array(0)
  private categoryAt = new Int32Array(0)
  private categories: IndexedCategory[] = []
  /** Every lexeme seen, as term ids, and those ids sorted by their text (for prefix ranges). */
  private readonly termIds = new Map<string, number>()
  private readonly terms: string[] = []
  private sortedTerms: number[] = []
  /** term id → posting list: for the fields slot × 4 + weight code, for the text slots. */
  private fieldPostings = new Map<number, number[]>()
  private bodyPostings = new Map<number, number[]>()
  /** Three letters → the slots whose title, excerpt, place or country has them: for the typed text's substring match. */
  private trigramPostings = new Map<string, number[]>()
  private readonly wordLexemes = new Map<string, string[]>()
  private refreshing: Promise<void> = Promise.resolve()
  /** The oldest transaction still running at the last look (xid8, as text); none before the first. */
  private horizon: string | undefined

  constructor(
    private readonly prisma: PrismaClient,
    private readonly remember: Remember = computeEveryTime,
  ) {}

  /** The published stories matching `search` (in `category`, a slug or exact name, if given), best first. */
  async search(search: string, category?: string): Promise<SearchMatches> {
    const text = foldForSearch(search)
    const words = text.match(/[\p{L}\p{N}]+/gu) ?? []
    const [prefixes] = await Promise.all([this.lexemesOf(words), this.remember('post-search', () => this.refresh())])
    return this.match(text, prefixes, category)
  }

  /** Reads what changed since the last look. Runs one at a time; a failure leaves the index as it was. */
  refresh(): Promise<void> {
    const run = this.refreshing.then(() => this.readChanges())
    this.refreshing = run.catch(() => {})
    return run
  }

  private async readChanges(): Promise<void> {
    const first = this.horizon === undefined
    // Every transaction older than the horizon had ended when it was read: what they wrote is seen now, and the
    // next look asks again for everything written from the horizon on.
    const [look] = await this.prisma.$queryRaw<{ horizon: string; ids: number[] | null }[]>`
      SELECT pg_snapshot_xmin(pg_current_snapshot())::text AS "horizon",
        CASE WHEN ${first} THEN NULL ELSE
          (SELECT array_agg("post_id") FROM "post_search_versions" WHERE "xid" >= ${this.horizon ?? '0'}::xid8)
        END AS "ids"`
    const horizon = look!.horizon
    const ids = look!.ids ?? []
    if (!first && !ids.length) {
      this.horizon = horizon
      return
    }
    const categories = first || ids.includes(0) ? await this.readCategories() : this.categories
    const read: ReadPost[] = []
    const wanted = ids.filter((id) => id !== 0)
    if (first) {
      // Every published story, in batches by id.
      for (let after = 0; ;) {
        const rows = await this.readPosts(Prisma.sql`p."id" > ${after}`, READ_BATCH)
        for (const row of rows) read.push(this.indexed(row))
        if (rows.length < READ_BATCH) break
        after = rows.at(-1)!.id
      }
    } else {
      for (let at = 0; at < wanted.length; at += READ_BATCH) {
        const batch = wanted.slice(at, at + READ_BATCH)
        for (const row of await this.readPosts(Prisma.sql`p."id" = ANY(${batch}::int[])`, batch.length))
          read.push(this.indexed(row))
      }
    }
    // Everything read: the index changes in one step, so a search never sees half of a look.
    this.categories = categories
    const stillPublic = new Set(read.map(({ post }) => post.id))
    for (const id of wanted) {
      const slot = this.slotOf.get(id)
      if (slot !== undefined && !stillPublic.has(id)) this.remove(id, slot)
    }
    for (const post of read) this.put(post)
    if (this.dead > 1_000 && this.dead > this.slotOf.size) this.compact()
    this.arrange()
    this.horizon = horizon
  }

  private readPosts(where: Prisma.Sql, limit: number): Promise<PostRow[]> {
    return this.prisma.$queryRaw<PostRow[]>`
      SELECT p."id", p."published_at", p."category_id", p."title", p."excerpt", p."location_name",
        p."location_country",
        (SELECT coalesce(json_agg(json_build_array(f."lexeme", f."weights")), '[]'::json)
           FROM unnest(p."search_fields") f) AS "fields",
        tsvector_to_array(p."search_body") AS "body"
      FROM "posts" p
      WHERE ${where} AND ${publicPostSql('p')}
      ORDER BY p."id"
      LIMIT ${limit}`
  }

  private async readCategories(): Promise<IndexedCategory[]> {
    const rows = await this.prisma.$queryRaw<{ id: number; slug: string; name: string; lexemes: string[] | null }[]>`
      SELECT "id", "slug", "name",
        tsvector_to_array(to_tsvector('english'::regconfig, search_fold("name"))) AS "lexemes"
      FROM "categories"`
    return rows.map((c) => ({
      id: c.id,
      slug: c.slug,
      name: c.name,
      folded: foldForSearch(c.name),
      lexemes: c.lexemes ?? [],
    }))
  }

  private indexed(row: PostRow): ReadPost {
    const fields = typeof row.fields === 'string' ? (JSON.parse(row.fields) as [string, string[]][]) : row.fields
    return {
      post: {
        id: row.id,
        publishedAt: row.published_at ? row.published_at.getTime() : 0,
        categoryId: row.category_id,
        title: foldForSearch(row.title),
        excerpt: foldForSearch(row.excerpt ?? ''),
        place: foldForSearch(row.location_name ?? ''),
        country: foldForSearch(row.location_country ?? ''),
      },
      fields: Int32Array.from(
        fields,
        ([lexeme, weights]) => this.termOf(lexeme) * 4 + Math.min(...weights.map((w) => WEIGHT_CODES[w] ?? 3)),
      ),
      body: Int32Array.from(row.body ?? [], (lexeme) => this.termOf(lexeme)),
    }
  }

  private termOf(lexeme: string): number {
    let id = this.termIds.get(lexeme)
    if (id === undefined) {
      id = this.terms.length
      this.terms.push(lexeme)
      this.termIds.set(lexeme, id)
    }
    return id
  }

  private put({ post, fields, body }: ReadPost): void {
    const old = this.slotOf.get(post.id)
    if (old !== undefined) this.remove(post.id, old)
    const slot = this.posts.length
    this.posts.push(post)
    this.slotOf.set(post.id, slot)
    for (const entry of fields) append(this.fieldPostings, entry >> 2, slot * 4 + (entry & 3))
    for (const term of body) append(this.bodyPostings, term, slot)
    for (const trigram of trigramsOf([post.title, post.excerpt, post.place, post.country]))
      append(this.trigramPostings, trigram, slot)
  }

  /** A story no longer public, or about to be indexed again: its slot is left empty (posting lists skip it). */
  private remove(id: number, slot: number): void {
    this.posts[slot] = undefined
    this.slotOf.delete(id)
    this.dead++
  }

  /** The empty slots dropped, once they outnumber the live ones: the live renumbered in every posting list. */
  private compact(): void {
    const renumbered = new Int32Array(this.posts.length).fill(-1)
    const live: IndexedPost[] = []
    this.slotOf.clear()
    this.posts.forEach((post, slot) => {
      if (!post) return
      renumbered[slot] = live.length
      this.slotOf.set(post.id, live.length)
      live.push(post)
    })
    this.posts = live
    this.dead = 0
    const keep = <K>(
      postings: Map<K, number[]>,
      slotOf: (entry: number) => number,
      rewrite: (entry: number, slot: number) => number,
    ) => {
      for (const [key, list] of postings) {
        const kept = list.flatMap((entry) => {
          const slot = renumbered[slotOf(entry)]!
          return slot === -1 ? [] : [rewrite(entry, slot)]
        })
        if (kept.length) postings.set(key, kept)
        else postings.delete(key)
      }
    }
    keep(
      this.fieldPostings,
      (entry) => entry >> 2,
      (entry, slot) => slot * 4 + (entry & 3),
    )
    keep(
      this.bodyPostings,
      (slot) => slot,
      (_, slot) => slot,
    )
    keep(
      this.trigramPostings,
      (slot) => slot,
      (_, slot) => slot,
    )
  }

  /** After any change: the date order, and each slot's id and category as numbers a search reads quickly. */
  private arrange(): void {
    const posts = this.posts
    const slots = [...this.slotOf.values()]
    slots.sort((a, b) => posts[b]!.publishedAt - posts[a]!.publishedAt || posts[b]!.id - posts[a]!.id)
    this.order = Int32Array.from(slots)
    const categoryAt = new Map(this.categories.map((c, i) => [c.id, i]))
    this.idOf = Int32Array.from(posts, (post) => post?.id ?? 0)
    this.categoryAt = Int32Array.from(posts, (post) =>
      post?.categoryId == null ? -1 : (categoryAt.get(post.categoryId) ?? -1),
    )
  }

  /**
   * Each word's lexemes as `to_tsquery('english')` makes them (stemmed; none for a stop word), asked once per
   * word. A word may give more than one ("wi-fi"); every one must match, each also as a prefix.
   */
  private async lexemesOf(words: string[]): Promise<string[]> {
    const missing = [...new Set(words.filter((w) => !this.wordLexemes.has(w)))]
    if (missing.length) {
      const found = await this.lexemeLoader.loadMany(missing)
      if (this.wordLexemes.size + missing.length > MAX_KEPT_WORDS) this.wordLexemes.clear()
      missing.forEach((word, i) => {
        const lexemes = found[i]
        if (lexemes instanceof Error) throw lexemes
        this.wordLexemes.set(word, lexemes!)
      })
    }
    return [...new Set(words.flatMap((w) => this.wordLexemes.get(w) ?? []))]
  }

  /**
   * The lexemes of the words that searches arriving in one turn of the event loop do not know yet, in one
   * statement once that turn's work is done (a statement costs the embedded database's thread about a
   * millisecond, whatever it asks). What it finds is kept in `wordLexemes`, not here.
   */
  private readonly lexemeLoader = new DataLoader<string, string[]>(
    async (words) => {
      const rows = await this.prisma.$queryRaw<{ word: string; query: string }[]>`
        SELECT w AS "word", to_tsquery('english'::regconfig, w || ':*')::text AS "query"
        FROM unnest(${[...words]}::text[]) AS w`
      const found = new Map(
        rows.map(({ word, query }) => [
          word,
          [...query.matchAll(/'((?:[^']|'')*)'/g)].map((m) => m[1]!.replace(/''/g, "'")),
        ]),
      )
      return words.map((word) => found.get(word) ?? [])
    },
    { cache: false, maxBatchSize: 1_000, batchScheduleFn: (run) => setImmediate(run) },
  )

  /** The term ids starting with `prefix`. */
  private termsStartingWith(prefix: string): number[] {
    if (this.sortedTerms.length !== this.terms.length) {
      const terms = this.terms
      this.sortedTerms = terms.map((_, id) => id).sort((a, b) => (terms[a]! < terms[b]! ? -1 : 1))
    }
    const sorted = this.sortedTerms
    let low = 0
    let high = sorted.length
    while (low < high) {
      const mid = (low + high) >> 1
      if (this.terms[sorted[mid]!]! < prefix) low = mid + 1
      else high = mid
    }
    const found: number[] = []
    for (let i = low; i < sorted.length && this.terms[sorted[i]!]!.startsWith(prefix); i++) found.push(sorted[i]!)
    return found
  }

  /**
   * By slot, where the typed text is found as a substring: 2 in the title, 1 in the excerpt, place or country, 0
   * nowhere. The candidates are the slots having its rarest three letters (every live slot when it is shorter).
   */
  private textMatches(text: string): Uint8Array {
    const found = new Uint8Array(this.posts.length)
    if (text === '') return found
    let candidates: Iterable<number> = this.slotOf.values()
    if (text.length >= 3) {
      let rarest: number[] | undefined
      for (const trigram of trigramsOf([text])) {
        const slots = this.trigramPostings.get(trigram)
        if (!slots) return found
        if (!rarest || slots.length < rarest.length) rarest = slots
      }
      candidates = rarest ?? []
    }
    for (const slot of candidates) {
      const post = this.posts[slot]
      if (!post) continue
      if (post.title.includes(text)) found[slot] = 2
      else if (post.excerpt.includes(text) || post.place.includes(text) || post.country.includes(text)) found[slot] = 1
    }
    return found
  }

  private match(text: string, prefixes: string[], category: string | undefined): SearchMatches {
    const slots = this.posts.length
    const words = prefixes.length
    // Field matches: how many of the words each slot has matched so far, and its score; text matches likewise.
    const fieldCount = new Int32Array(slots)
    const score = new Float64Array(slots)
    const bodyCount = new Int32Array(slots)
    const best = new Float64Array(slots)
    prefixes.forEach((prefix, word) => {
      const touched: number[] = []
      for (const term of this.termsStartingWith(prefix)) {
        for (const entry of this.fieldPostings.get(term) ?? []) {
          const slot = entry >> 2
          const weight = WEIGHT_OF[entry & 3]!
          if (fieldCount[slot] === word) {
            fieldCount[slot] = word + 1
            best[slot] = weight
            touched.push(slot)
          } else if (fieldCount[slot] === word + 1 && weight > best[slot]!) best[slot] = weight
        }
        for (const slot of this.bodyPostings.get(term) ?? []) if (bodyCount[slot] === word) bodyCount[slot] = word + 1
      }
      for (const slot of touched) score[slot]! += best[slot]!
    })
    const inText = this.textMatches(text)
    // By category: 1 its name holds the text or the words (its stories match), 2 it has the words (a bonus),
    // 4 it is the one asked for.
    const hasWords = (lexemes: string[]) =>
      words > 0 && prefixes.every((prefix) => lexemes.some((lexeme) => lexeme.startsWith(prefix)))
    const categoryFlags = Uint8Array.from(this.categories, (c) => {
      const named = hasWords(c.lexemes)
      return (
        (named || (text !== '' && c.folded.includes(text)) ? 1 : 0) |
        (named ? 2 : 0) |
        (c.slug === category || c.name === category ? 4 : 0)
      )
    })

    const fieldIds: number[] = []
    const fieldScores: number[] = []
    const bodyIds: number[] = []
    for (const slot of this.order) {
      const at = this.categoryAt[slot]!
      const flags = at === -1 ? 0 : categoryFlags[at]!
      if (category !== undefined && !(flags & 4)) continue
      const byWords = words > 0 && fieldCount[slot] === words
      if (byWords || inText[slot] !== 0 || flags & 1) {
        fieldIds.push(this.idOf[slot]!)
        fieldScores.push(
          (byWords ? score[slot]! / words : 0) +
            (flags & 2 ? CATEGORY_BONUS : 0) +
            (inText[slot] === 2 ? TITLE_TEXT_BONUS : 0),
        )
      } else if (words > 0 && bodyCount[slot] === words) bodyIds.push(this.idOf[slot]!)
    }
    // Best score first; equal scores stay newest first.
    const ranked = fieldIds.map((_, i) => i).sort((a, b) => fieldScores[b]! - fieldScores[a]! || a - b)
    const ids = ranked.map((i) => fieldIds[i]!)
    for (const id of bodyIds) ids.push(id)
    return { ids, total: ids.length }
  }
}

/** The distinct three-letter pieces of the texts (none across two of them). */
function trigramsOf(texts: string[]): Set<string> {
  const found = new Set<string>()
  for (const text of texts) for (let i = 0; i + 3 <= text.length; i++) found.add(text.slice(i, i + 3))
  return found
}

function append<K>(postings: Map<K, number[]>, term: K, entry: number): void {
  const list = postings.get(term)
  if (list) list.push(entry)
  else postings.set(term, [entry])
}
