import type { PrismaClient } from '@wayfarer/db'
import type { ImportReader } from './model'
import type { ReportBuilder } from './report'

/** Marks imported authors' accounts: no password can ever match it, so they cannot sign in. */
export const IMPORTED_AUTHOR_PASSWORD_HASH = '!imported-author'

/** The old site's authors by e-mail: found, or created as accounts that cannot sign in. */
export async function ensureAuthors(
  prisma: PrismaClient,
  reader: Pick<ImportReader, 'authors'>,
  options: { dryRun: boolean },
  report: ReportBuilder,
): Promise<Map<string, number>> {
  const ids = new Map<string, number>()
  for (const author of reader.authors) {
    if (!author.email || !author.key) {
      report.entry(
        'authors',
        author.key || '(no login)',
        'note',
        'no e-mail address: their stories are assigned to you',
      )
      continue
    }
    const existing = await prisma.user.findUnique({ where: { email: author.email }, select: { id: true } })
    if (existing) {
      ids.set(author.key, existing.id)
      report.count('authors', 'existing')
    } else if (options.dryRun) report.count('authors', 'created')
    else {
      const created = await prisma.user.create({
        data: {
          email: author.email,
          passwordHash: IMPORTED_AUTHOR_PASSWORD_HASH,
          firstName: author.firstName.slice(0, 100),
          lastName: author.lastName.slice(0, 100),
        },
      })
      ids.set(author.key, created.id)
      report.count('authors', 'created')
    }
  }
  return ids
}

/** Categories and tags by slug (or by name, which is unique too), created when missing. */
export class TermWriter {
  readonly categories = new Map<string, number>()
  readonly tags = new Map<string, number>()
  private readonly names = new Map<string, string>()

  constructor(
    private readonly prisma: PrismaClient,
    private readonly reader: ImportReader,
    private readonly dryRun: boolean,
    private readonly report: ReportBuilder,
  ) {
    for (const t of [...reader.categories, ...reader.tags]) this.names.set(t.slug, t.name)
  }

  async ensureAll() {
    for (const c of this.reader.categories) await this.category(c.slug, c.description)
    for (const t of this.reader.tags) await this.tag(t.slug)
  }

  async category(slug: string, description = ''): Promise<number | undefined> {
    if (this.categories.has(slug)) return this.categories.get(slug)
    const name = this.names.get(slug) ?? slug
    const existing = await this.prisma.category.findFirst({ where: { OR: [{ slug }, { name }] }, select: { id: true } })
    if (existing) this.report.count('categories', 'existing')
    else this.report.count('categories', 'created')
    const id =
      existing?.id ??
      (this.dryRun
        ? -1
        : (await this.prisma.category.create({ data: { slug, name, description: description.slice(0, 500) } })).id)
    this.categories.set(slug, id)
    return id
  }

  async tag(slug: string): Promise<number | undefined> {
    if (this.tags.has(slug)) return this.tags.get(slug)
    const name = (this.names.get(slug) ?? slug).slice(0, 60)
    const existing = await this.prisma.tag.findFirst({ where: { OR: [{ slug }, { name }] }, select: { id: true } })
    if (existing) this.report.count('tags', 'existing')
    else this.report.count('tags', 'created')
    const id = existing?.id ?? (this.dryRun ? -1 : (await this.prisma.tag.create({ data: { slug, name } })).id)
    this.tags.set(slug, id)
    return id
  }
}
