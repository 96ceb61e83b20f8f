import type { PrismaClient } from '@wayfarer/db'
import { mailSettings, type MailSettings } from './schema'

const KEY = 'newsletter'

const defaults: MailSettings = { wholeStory: false, notifyContact: false }

export async function getMailSettings(prisma: Pick<PrismaClient, 'setting'>): Promise<MailSettings> {
  const row = await prisma.setting.findUnique({ where: { key: KEY } })
  const parsed = mailSettings.partial().safeParse(row?.value ?? {})
  return { ...defaults, ...(parsed.success ? parsed.data : {}) }
}

export async function saveMailSettings(
  prisma: Pick<PrismaClient, 'setting'>,
  value: MailSettings,
): Promise<MailSettings> {
  await prisma.setting.upsert({ where: { key: KEY }, create: { key: KEY, value }, update: { value } })
  return value
}
