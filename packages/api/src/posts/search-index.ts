import DataLoader from 'dataloader'
import { Prisma, type PrismaClient } from '@wayfarer/db'
import { foldForSearch } from './search-fold'
import { publicPostSql } from './visibility'
import { computeEveryTime, type Remember } from '../deps'
import { bitsIn, countBits, emptyBitmap, forEachBit, hasBit, setBit, SlotSet } from './slot-set'

/** A window of a search's matches, best first (docs/product.md, "Blog"): their ids, where they start, how many in all. */
export interface SearchMatches {
  ids: number[]
  offset: number
  total: number
}

/** What a field match of a word is worth, by where the word is: title (A) 1, excerpt (B) 0.4, place (C) 0.2, else 0.1. */
const WEIGHT_CODES: Record<string, number> = { A: 0, B: 1, C: 2, D: 3 }
/** The same worth by weight code, in tenths: a story's words are added up in whole numbers, in any order alike. */
const WEIGHT_TENTHS = [10, 4, 2, 1]
/** Added to a field match's score when its category's name has every word too, or its title the typed text. */
const CATEGORY_BONUS = 0.01
const TITLE_TEXT_BONUS = 0.05
/** Details of changed stories are read this many at a time, so a first build at 100,000 stories stays small. */
const READ_BATCH = 500
/** Query words whose lexemes are kept (a reader's words repeat; each new one costs one small statement). */
const MAX_KEPT_WORDS = 20_000

/** A run of letters and digits: a token of the fields, a piece of the typed text (as the words are parsed). */
const TOKEN = /[\p{L}\p{N}]+/gu

/** The distinct tokens of folded text. */
const tokensOf = (text: string): Set<string> => new Set(text.match(TOKEN))

interface IndexedPost {
  id: number
  publishedAt: number
  categoryId: number | null
  /**
   * Title, excerpt, place and country, folded (search-fold.ts) for the typed text's substring match, in one
   * string (one read from memory instead of four), each ended by a NUL (which PostgreSQL text cannot hold).
   */
  fields: string
  /** The first of them (a slice: the engine keeps it as a view of `fields`). */
  title: string
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
 * 10,000 stories costs about 0.05 ms of this process (about 0.5 ms at 100,000) instead of a statement that ranks and
 * counts every match (100–300 ms on the embedded database for a common word). Each word's stories are sets of
 * slots (slot-set.ts) combined as bitmaps, so counting 90,000 matches costs a few thousand machine words, and
 * only the window asked for is put in order. The typed text's substring match goes through the fields' tokens
 * (`textCandidates`), so a fragment or a stop word ("throu", "over") reads no story.
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
  /** By slot: the story's id, and its category's place in `categories` (-1: none). */
  private idOf = new Int32Array(0)
  private categoryAt = new Int32Array(0)
  /** By slot, its place among the live stories newest first (published_at, then id): the order of equal scores. */
  private rankOf = new Int32Array(0)
  /**
   * Stories are given slots oldest first, so the date order is the slots' order and a walk newest first is a
   * bitmap read backwards (`walkNewestFirst`). A story written again after a later one (an edit, a date set in the
   * past) takes a new slot out of that order: `inOrder` has the bits of the slots in it, `loose` the others,
   * newest first. Compaction numbers them all in order again.
   */
  private inOrder = emptyBitmap(0)
  private loose = new Int32Array(0)
  /** A bit per slot, set while its story is public. */
  private live = emptyBitmap(0)
  /** By category's place, its live slots. */
  private categorySlots: number[][] = []
  private categories: IndexedCategory[] = []
  /** Every lexeme seen, as term ids, and those ids sorted by their text (for prefix ranges). */
  private readonly termIds = new Map<string, number>()
  private readonly terms: string[] = []
  private sortedTerms = new SortedWords()
  /** term id → the slots having it in their fields, by its best weight there (code 0–3); in their text. */
  private fieldSets = new Map<number, (SlotSet | undefined)[]>()
  private bodySets = new Map<number, SlotSet>()
  /**
   * The words of the titles, excerpts, places and countries as written (folded; not stemmed, stop words kept), for
   * the typed text's substring match, as token ids; and three letters → the tokens holding them (ids, rising).
   */
  private readonly tokenIds = new Map<string, number>()
  private readonly tokens: string[] = []
  private readonly tokensByTrigram = new Map<string, number[]>()
  /** The tokens spelt backwards (for the tokens ending with a piece), and both lists' ids in order. */
  private readonly reversedTokens: string[] = []
  private readonly sortedTokens = new SortedWords()
  private readonly sortedReversedTokens = new SortedWords()
  /** token id → the slots having it in their title, excerpt, place or country; in their title (the bonus). */
  private tokenSets = new Map<number, SlotSet>()
  private titleTokenSets = new Map<number, SlotSet>()
  private readonly wordLexemes = new Map<string, string[]>()
  private refreshing: Promise<void> = Promise.resolve()
  /** The oldest transaction still running at the last look (xid8, as text); none before the first. */
  private horizon: string | undefined

  constructor(
    private readonly prisma: PrismaClient,
    private readonly remember: Remember = computeEveryTime,
  ) {}

  /** The published stories matching `search` (in `category`, a slug or exact name, if given), best first. */
  async search(search: string, category?: string, window: Window = ALL_MATCHES): Promise<SearchMatches> {
    const text = foldForSearch(search)
    const words = text.match(TOKEN) ?? []
    const [prefixes] = await Promise.all([this.lexemesOf(words), this.remember('post-search', () => this.refresh())])
    return this.match(text, prefixes, category, window)
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
    read.sort((a, b) => a.post.publishedAt - b.post.publishedAt || a.post.id - b.post.id)
    for (const post of read) this.put(post)
    this.arrange()
    // Empty slots widen every bitmap, loose ones lengthen every walk: once they are many, a compaction.
    const waste = this.dead + this.loose.length
    if (waste > 1_000 && waste * 8 > this.slotOf.size) {
      this.compact()
      this.arrange()
    }
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
    const text = [row.title, row.excerpt, row.location_name, row.location_country]
      .map((field) => `${foldForSearch(field ?? '')}\0`)
      .join('')
    return {
      post: {
        id: row.id,
        publishedAt: row.published_at ? row.published_at.getTime() : 0,
        categoryId: row.category_id,
        fields: text,
        title: text.slice(0, text.indexOf('\0')),
      },
      fields: Int32Array.from(
        fields,
        ([lexeme, weights]) => this.termOf(lexeme) * 4 + Math.min(...weights.map((w) => WEIGHT_CODES[w] ?? 3)),
      ),
      body: Int32Array.from(row.body ?? [], (lexeme) => this.termOf(lexeme)),
    }
  }

  private tokenOf(token: string): number {
    let id = this.tokenIds.get(token)
    if (id === undefined) {
      id = this.tokens.length
      this.tokens.push(token)
      this.reversedTokens.push(reversed(token))
      this.tokenIds.set(token, id)
      for (const trigram of trigramsOf(token)) {
        const ids = this.tokensByTrigram.get(trigram)
        if (ids) ids.push(id)
        else this.tokensByTrigram.set(trigram, [id])
      }
    }
    return id
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
    if (slot >>> 5 >= this.live.length) {
      const live = emptyBitmap(Math.max(slot + 1, this.live.length * 64))
      live.set(this.live)
      this.live = live
    }
    setBit(this.live, slot)
    for (const entry of fields) {
      let byWeight = this.fieldSets.get(entry >> 2)
      if (!byWeight) this.fieldSets.set(entry >> 2, (byWeight = []))
      ;(byWeight[entry & 3] ??= new SlotSet()).add(slot)
    }
    for (const term of body) addTo(this.bodySets, term, slot)
    for (const token of tokensOf(post.fields)) addTo(this.tokenSets, this.tokenOf(token), slot)
    for (const token of tokensOf(post.title)) addTo(this.titleTokenSets, this.tokenOf(token), slot)
  }

  /** A story no longer public, or about to be indexed again: its slot is left empty (searches mask it out). */
  private remove(id: number, slot: number): void {
    this.posts[slot] = undefined
    this.slotOf.delete(id)
    this.live[slot >>> 5]! &= ~(1 << (slot & 31))
    this.dead++
  }

  /** The empty slots dropped and the live numbered oldest first again, in every set. */
  private compact(): void {
    const renumbered = new Int32Array(this.posts.length).fill(-1)
    const live: IndexedPost[] = []
    this.slotOf.clear()
    // Oldest first is the rank order backwards.
    const slots = Int32Array.from(this.posts.keys()).filter((slot) => this.posts[slot] !== undefined)
    slots.sort((a, b) => this.rankOf[b]! - this.rankOf[a]!)
    for (const slot of slots) {
      const post = this.posts[slot]!
      renumbered[slot] = live.length
      this.slotOf.set(post.id, live.length)
      live.push(post)
    }
    this.posts = live
    this.dead = 0
    this.live = emptyBitmap(live.length)
    for (let slot = 0; slot < live.length; slot++) setBit(this.live, slot)
    // A set's slots change order when renumbered: sorted before they are added (in rising order, as a set wants).
    const kept = (set: SlotSet): SlotSet | undefined => {
      const found: number[] = []
      set.forEach((slot) => {
        if (renumbered[slot] !== -1) found.push(renumbered[slot]!)
      })
      if (!found.length) return undefined
      const next = new SlotSet()
      for (const slot of Int32Array.from(found).sort()) next.add(slot)
      return next
    }
    const keep = <K>(sets: Map<K, SlotSet>) => {
      for (const [key, set] of sets) {
        const next = kept(set)
        if (next) sets.set(key, next)
        else sets.delete(key)
      }
    }
    keep(this.bodySets)
    keep(this.tokenSets)
    keep(this.titleTokenSets)
    for (const [term, byWeight] of this.fieldSets) {
      const next = byWeight.map((set) => set && kept(set))
      if (next.some(Boolean)) this.fieldSets.set(term, next)
      else this.fieldSets.delete(term)
    }
  }

  /** After any change: the date order, and each slot's id and category as numbers a search reads quickly. */
  private arrange(): void {
    const posts = this.posts
    const slots = [...this.slotOf.values()]
    slots.sort((a, b) => posts[b]!.publishedAt - posts[a]!.publishedAt || posts[b]!.id - posts[a]!.id)
    const categoryAt = new Map(this.categories.map((c, i) => [c.id, i]))
    this.idOf = Int32Array.from(posts, (post) => post?.id ?? 0)
    this.categoryAt = Int32Array.from(posts, (post) =>
      post?.categoryId == null ? -1 : (categoryAt.get(post.categoryId) ?? -1),
    )
    this.rankOf = new Int32Array(posts.length)
    this.categorySlots = this.categories.map(() => [])
    slots.forEach((slot, rank) => {
      this.rankOf[slot] = rank
      const at = this.categoryAt[slot]!
      if (at !== -1) this.categorySlots[at]!.push(slot)
    })
    // In order: each slot newer than every live one below it.
    this.inOrder = emptyBitmap(posts.length)
    const loose: number[] = []
    let newest = Infinity
    for (let slot = 0; slot < posts.length; slot++) {
      if (!posts[slot]) continue
      const rank = this.rankOf[slot]!
      if (rank < newest) {
        setBit(this.inOrder, slot)
        newest = rank
      } else loose.push(slot)
    }
    this.loose = Int32Array.from(loose).sort((a, b) => this.rankOf[a]! - this.rankOf[b]!)
  }

  /**
   * Calls `visit` with the slots of `bits` newest first until it returns true: the slots in order read from the
   * highest bit down, the loose ones merged in by rank.
   */
  private walkNewestFirst(bits: Uint32Array, visit: (slot: number) => boolean): void {
    const { inOrder, loose, rankOf } = this
    let next = 0
    const nextLoose = () => {
      while (next < loose.length && !hasBit(bits, loose[next]!)) next++
      return next < loose.length ? loose[next]! : -1
    }
    for (let i = Math.min(bits.length, inOrder.length) - 1; i >= 0; i--) {
      let x = bits[i]! & inOrder[i]!
      while (x !== 0) {
        const top = 31 - Math.clz32(x)
        x ^= 1 << top
        const slot = i * 32 + top
        for (let other = nextLoose(); other !== -1 && rankOf[other]! < rankOf[slot]!; other = nextLoose()) {
          if (visit(other)) return
          next++
        }
        if (visit(slot)) return
      }
    }
    for (let other = nextLoose(); other !== -1; other = nextLoose()) {
      if (visit(other)) return
      next++
    }
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
    return this.sortedTerms.startingWith(this.terms, prefix)
  }

  /**
   * The tokens (ids) a piece of the typed text may be in, by what is beside it in the text: between two
   * separators it is a whole token; at the text's end, after a separator, a token's start; at its start, before a
   * separator, a token's end; alone (the whole text) anywhere in a token, found among the tokens having its rarest
   * three letters (or all of them when it is shorter).
   */
  private tokensFor({ piece, after, before }: Piece): number[] {
    if (after && before) {
      const id = this.tokenIds.get(piece)
      return id === undefined ? [] : [id]
    }
    if (after) return this.sortedTokens.startingWith(this.tokens, piece)
    if (before) return this.sortedReversedTokens.startingWith(this.reversedTokens, reversed(piece))
    let from: Iterable<number> = this.tokens.keys()
    if (piece.length >= 3) {
      let rarest: number[] | undefined
      for (const trigram of trigramsOf(piece)) {
        const ids = this.tokensByTrigram.get(trigram)
        if (!ids) return []
        if (!rarest || ids.length < rarest.length) rarest = ids
      }
      from = rarest!
    }
    const found: number[] = []
    for (const id of from) if (this.tokens[id]!.includes(piece)) found.push(id)
    return found
  }

  /**
   * The slots that may hold the typed text as a substring of the fields whose tokens `sets` holds: those having,
   * for each of the text's pieces (its runs of letters and digits), a token it may be in (`tokensFor`). A text
   * that is one piece alone is inside one token wherever it is, so then these are exactly its stories and none is
   * read; another (two words, a hyphen, a trailing space) is looked for in them (`textIn`). A text without a
   * piece may be anywhere.
   */
  private textCandidates(text: string, pieces: Piece[], sets: Map<number, SlotSet>): Uint32Array {
    const candidates = this.bitmap()
    if (text === '' || text.includes('\0')) return candidates
    if (pieces.length === 0) {
      candidates.set(this.live.subarray(0, candidates.length))
      return candidates
    }
    pieces.forEach((piece, i) => {
      const found = i === 0 ? candidates : this.bitmap()
      for (const id of this.tokensFor(piece)) sets.get(id)?.orInto(found)
      if (i > 0) for (let w = 0; w < candidates.length; w++) candidates[w]! &= found[w]!
    })
    return candidates
  }

  /** Where the typed text is in a slot's story: 2 in the title, 1 in the excerpt, place or country, 0 nowhere. */
  private textIn(slot: number, text: string): number {
    const post = this.posts[slot]
    return !post?.fields.includes(text) ? 0 : post.title.includes(text) ? 2 : 1
  }

  /**
   * The field tier cut into levels by the best score their stories may reach, highest first, each made only when
   * the walk reaches it (most searches fill their window from the first). A story's words give its base: every
   * word in its title, or its worst word in the excerpt, the place, elsewhere in the fields (the mean of the
   * words' weights with one word at that weight), or not every word in its fields (a story brought in by its
   * category or the typed text: 0); then whether its category has the words (+0.01) and whether the typed text may
   * be in its title (+0.05). Each highest is added up as a score is, so equal means equal; with one word every
   * story of a level but a title candidate without the text has that score, so a walk stops once its window is.
   */
  private *levels(
    tier: Uint32Array,
    weighed: Uint32Array[][],
    allInFields: Uint32Array,
    bonused: Uint32Array,
    candidates: Uint32Array,
  ): Generator<{ slots: Uint32Array; count: number; highest: number }> {
    const words = weighed.length
    const length = tier.length
    // By weight code (0 title … 3 anywhere in the fields): the tier's stories whose every word is there or better.
    const atLeast: Uint32Array[] = []
    const reaching = (code: number): Uint32Array => {
      if (atLeast[code]) return atLeast[code]
      const slots = this.bitmap()
      slots.set(tier)
      for (const bits of code === 3 ? [allInFields] : weighed.map((byWeight) => byWeight[code]!))
        for (let i = 0; i < length; i++) slots[i]! &= bits[i]!
      return (atLeast[code] = slots)
    }
    // Bases (codes 0–3: the worst word's weight, 4: not every word) and the bonuses the tier's stories may have.
    let withBonus = 0
    let withCandidate = 0
    for (let i = 0; i < length; i++) {
      withBonus |= tier[i]! & bonused[i]!
      withCandidate |= tier[i]! & candidates[i]!
    }
    const levels: { base: number; bonus: boolean | undefined; candidate: boolean | undefined; highest: number }[] = []
    for (let base = words === 0 ? 4 : 0; base <= 4; base++)
      for (const bonus of withBonus ? [true, false] : [undefined])
        for (const candidate of withCandidate ? [true, false] : [undefined]) {
          let highest = base === 4 ? 0 : ((words - 1) * 10 + WEIGHT_TENTHS[base]!) / (10 * words)
          if (bonus) highest += CATEGORY_BONUS
          if (candidate) highest += TITLE_TEXT_BONUS
          levels.push({ base, bonus, candidate, highest })
        }
    levels.sort((a, b) => b.highest - a.highest)
    const none = this.bitmap()
    for (const { base, bonus, candidate, highest } of levels) {
      const within = base === 4 ? tier : reaching(base)
      const above = base === 0 ? none : base === 4 ? reaching(3) : reaching(base - 1)
      // Each bonus's bits as they are (true), flipped (false), or all set (undefined: not a split).
      const flipBonus = bonus === false ? -1 : 0
      const anyBonus = bonus === undefined ? -1 : 0
      const flipCandidate = candidate === false ? -1 : 0
      const anyCandidate = candidate === undefined ? -1 : 0
      const slots = this.bitmap()
      let count = 0
      for (let i = 0; i < length; i++) {
        const x =
          within[i]! &
          ~above[i]! &
          ((bonused[i]! ^ flipBonus) | anyBonus) &
          ((candidates[i]! ^ flipCandidate) | anyCandidate)
        slots[i] = x
        if (x !== 0) count += bitsIn(x)
      }
      yield { slots, count, highest }
    }
  }

  /** Scores of the field tier by slot, kept between searches (a search is synchronous, and writes before it reads). */
  private scores = new Float64Array(0)
  /**
   * The bitmaps a search works in, kept between searches for the same reason: making them new cost more than the
   * work done in them (and the collector's time after). `bitmap()` hands out the next one, cleared.
   */
  private readonly pool: Uint32Array[] = []
  private pooled = 0

  private bitmap(): Uint32Array {
    const length = (this.posts.length + 31) >>> 5
    let bits = this.pool[this.pooled]
    if (bits?.length === length) bits.fill(0)
    else bits = this.pool[this.pooled] = new Uint32Array(length)
    this.pooled++
    return bits
  }

  /**
   * The window of the matches: the field matches by score, then the text-only matches newest first. The sets are
   * combined as bitmaps (a few thousand machine words at 100,000 stories), and the stories are scored newest first
   * until the window holds only stories of the best possible score: a search's cost grows with the window and the
   * words' rarity, not with how many stories match.
   */
  private match(text: string, prefixes: string[], category: string | undefined, window: Window): SearchMatches {
    const slots = this.posts.length
    const length = (slots + 31) >>> 5
    const words = prefixes.length
    this.pooled = 0
    // Per word, the slots having it in their fields at weight A, A or B, A to C (its best weight is the first
    // that has it); all words in the fields, and all in the text.
    const weighed: Uint32Array[][] = []
    const allInFields = this.bitmap()
    const allInText = this.bitmap()
    if (words > 0) {
      allInFields.set(this.live.subarray(0, length))
      allInText.set(this.live.subarray(0, length))
    }
    for (const prefix of prefixes) {
      const byWeight = [this.bitmap(), this.bitmap(), this.bitmap(), this.bitmap()]
      const inText = this.bitmap()
      for (const term of this.termsStartingWith(prefix)) {
        this.fieldSets.get(term)?.forEach((set, weight) => set?.orInto(byWeight[weight]!))
        this.bodySets.get(term)?.orInto(inText)
      }
      const [a, b, c, d] = byWeight as [Uint32Array, Uint32Array, Uint32Array, Uint32Array]
      for (let i = 0; i < length; i++) {
        b[i]! |= a[i]!
        c[i]! |= b[i]!
        d[i]! |= c[i]!
        allInFields[i]! &= d[i]!
        allInText[i]! &= inText[i]!
      }
      weighed.push([a, b, c])
    }
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
    const inCategories = (flag: number) => {
      const found = this.bitmap()
      categoryFlags.forEach((flags, at) => {
        if (flags & flag) for (const slot of this.categorySlots[at]!) setBit(found, slot)
      })
      return found
    }
    // Where a list may look: the live slots, of the asked category if one is.
    const allowed = category === undefined ? this.bitmap() : inCategories(4)
    if (category === undefined) allowed.set(this.live.subarray(0, length))
    // The text's candidates: those whose words are not all in the fields are read now (the text is what would
    // bring them in); the others only if they are scored, for the bonus of the text in the title.
    const pieces = piecesOf(text)
    const candidates = this.textCandidates(text, pieces, this.tokenSets)
    const titleCandidates = this.textCandidates(text, pieces, this.titleTokenSets)
    // A text of one piece alone: the candidates are exactly where it is, none need reading.
    const exact = pieces.length === 1 && pieces[0]!.piece === text
    const where = (slot: number) =>
      !exact ? this.textIn(slot, text) : hasBit(titleCandidates, slot) ? 2 : hasBit(candidates, slot) ? 1 : 0
    const textInTitle = this.bitmap()
    const textOnly = this.bitmap()
    for (let i = 0; i < length; i++) textOnly[i] = candidates[i]! & ~allInFields[i]! & allowed[i]!
    forEachBit(textOnly, (slot) => {
      const found = where(slot)
      if (found === 0) textOnly[slot >>> 5]! &= ~(1 << (slot & 31))
      else if (found === 2) setBit(textInTitle, slot)
    })
    // The field tier: all the words in the title, excerpt, place or category, the text in one of them, or a
    // matching category's stories. The text tier: all the words in the text, and not in the field tier.
    const fieldTier = inCategories(1)
    const textTier = this.bitmap()
    for (let i = 0; i < length; i++) {
      const tier = (fieldTier[i]! | allInFields[i]! | textOnly[i]!) & allowed[i]!
      fieldTier[i] = tier
      textTier[i] = allInText[i]! & allowed[i]! & ~tier
    }
    const inFields = countBits(fieldTier)
    const total = inFields + countBits(textTier)
    const end = Math.min(window.offset + window.limit, total)

    const scores = this.scores.length >= slots ? this.scores : (this.scores = new Float64Array(slots))
    const rank = this.rankOf
    const best = new Best(Math.min(end, inFields), inFields, (a, b) => scores[b]! - scores[a]! || rank[a]! - rank[b]!)
    const score = (slot: number) => {
      let score = 0
      if (hasBit(allInFields, slot)) {
        let tenths = 0
        for (const [a, b, c] of weighed)
          tenths += hasBit(a!, slot) ? 10 : hasBit(b!, slot) ? 4 : hasBit(c!, slot) ? 2 : 1
        score = tenths / (10 * words)
      }
      const at = this.categoryAt[slot]!
      if (at !== -1 && categoryFlags[at]! & 2) score += CATEGORY_BONUS
      if (hasBit(textInTitle, slot) || (hasBit(titleCandidates, slot) && where(slot) === 2)) score += TITLE_TEXT_BONUS
      scores[slot] = score
      best.offer(slot)
    }
    // A few matches are scored whole. Else by levels of the best score they may reach, highest first, each scored
    // whole when that is cheap, else newest first, until the window is full of stories that nothing left can
    // beat. A later level's story may reach the window's worst score exactly (a higher level's story whose bonus
    // the text did not give), and then beats it when newer: so a level is skipped only below the worst score, and
    // its walk stops at that score only once it has passed the worst story's date.
    const cheap = (count: number) => end * slots >= count * count
    if (end > 0 && cheap(inFields)) forEachBit(fieldTier, score)
    else if (end > 0)
      for (const { slots: level, count, highest } of this.levels(
        fieldTier,
        weighed,
        allInFields,
        inCategories(2),
        titleCandidates,
      )) {
        const worst = best.worst
        if (worst !== undefined && scores[worst]! > highest) break
        if (count === 0) continue
        if (cheap(count)) {
          forEachBit(level, score)
          continue
        }
        this.walkNewestFirst(level, (slot) => {
          score(slot)
          const worst = best.worst
          return (
            worst !== undefined &&
            (scores[worst]! > highest || (scores[worst] === highest && rank[worst]! <= rank[slot]!))
          )
        })
      }
    const ordered = best.inOrder()
    // The text tier is newest first.
    if (ordered.length < end)
      this.walkNewestFirst(textTier, (slot) => {
        ordered.push(slot)
        return ordered.length >= end
      })
    return { ids: ordered.slice(window.offset).map((slot) => this.idOf[slot]!), offset: window.offset, total }
  }
}

/** What part of the matches a caller reads: `limit` of them from `offset` (an Infinity limit: all). */
export interface Window {
  offset: number
  limit: number
}

/** Everything from the first match on. */
export const ALL_MATCHES: Window = { offset: 0, limit: Infinity }

/**
 * The first `count` of `total` slots offered, by `compare`. A few of many (a page of a common word's matches) are
 * kept in a heap of `count`, so putting them in order costs little more than seeing them; many are sorted.
 */
class Best {
  private readonly heap: number[] = []
  private readonly sortAll: boolean

  constructor(
    private readonly count: number,
    total: number,
    private readonly compare: (a: number, b: number) => number,
  ) {
    this.sortAll = count * 8 >= total
  }

  offer(slot: number): void {
    const { heap, compare } = this
    if (this.sortAll) heap.push(slot)
    else if (heap.length < this.count) {
      // A max-heap: its root is the worst of the best so far, replaced by anything better.
      heap.push(slot)
      for (let at = heap.length - 1; at > 0;) {
        const parent = (at - 1) >> 1
        if (compare(heap[at]!, heap[parent]!) <= 0) break
        ;[heap[at], heap[parent]] = [heap[parent]!, heap[at]!]
        at = parent
      }
    } else if (compare(slot, heap[0]!) < 0) {
      heap[0] = slot
      for (let at = 0; ;) {
        const left = at * 2 + 1
        if (left >= heap.length) break
        const worse = left + 1 < heap.length && compare(heap[left + 1]!, heap[left]!) > 0 ? left + 1 : left
        if (compare(heap[worse]!, heap[at]!) <= 0) break
        ;[heap[at], heap[worse]] = [heap[worse]!, heap[at]!]
        at = worse
      }
    }
  }

  /** Once it holds `count` slots and keeps only the best: the worst of them. */
  get worst(): number | undefined {
    return !this.sortAll && this.heap.length === this.count ? this.heap[0] : undefined
  }

  inOrder(): number[] {
    return this.heap.sort(this.compare).slice(0, this.count)
  }
}

/** A run of letters and digits of the typed text, and whether a separator is after it, before it. */
interface Piece {
  piece: string
  after: boolean
  before: boolean
}

/** The typed text's pieces, each once. */
function piecesOf(text: string): Piece[] {
  const found = new Map<string, Piece>()
  for (const match of text.matchAll(TOKEN)) {
    const piece = match[0]
    const after = match.index > 0
    const before = match.index + piece.length < text.length
    found.set(`${Number(after)}${Number(before)}${piece}`, { piece, after, before })
  }
  return [...found.values()]
}

const reversed = (text: string): string => [...text].reverse().join('')

/**
 * Ids of words (terms, tokens) in the order of their text, made again when words were added: the words starting
 * with a prefix are then one range, found by halving.
 */
class SortedWords {
  private ids: number[] = []

  startingWith(words: readonly string[], prefix: string): number[] {
    if (this.ids.length !== words.length)
      this.ids = words.map((_, id) => id).sort((a, b) => (words[a]! < words[b]! ? -1 : 1))
    const sorted = this.ids
    let low = 0
    let high = sorted.length
    while (low < high) {
      const mid = (low + high) >> 1
      if (words[sorted[mid]!]! < prefix) low = mid + 1
      else high = mid
    }
    const found: number[] = []
    for (let i = low; i < sorted.length && words[sorted[i]!]!.startsWith(prefix); i++) found.push(sorted[i]!)
    return found
  }
}

/** The distinct three-letter pieces of a token. */
function trigramsOf(token: string): Set<string> {
  const found = new Set<string>()
  for (let i = 0; i + 3 <= token.length; i++) found.add(token.slice(i, i + 3))
  return found
}

function addTo<K>(sets: Map<K, SlotSet>, key: K, slot: number): void {
  let set = sets.get(key)
  if (!set) sets.set(key, (set = new SlotSet()))
  set.add(slot)
}
