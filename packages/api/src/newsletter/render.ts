import { escapeHtml } from '../import/embeds'
import { htmlToText } from '../posts/story-text'

/** What every mail of the site carries: its name and colours, absolute links, the unsubscribe link. */
export interface MailFrame {
  siteName: string
  publicUrl: string
  /** The follower's own unsubscribe link; absent for mails to the owner. */
  unsubscribeUrl?: string
}

export interface RenderedMail {
  subject: string
  html: string
  text: string
}

const TEAL = '#0f766e'

/** Site-relative addresses in a story become absolute: a mail is read far from the site. */
export const absolute = (publicUrl: string, url: string): string => (url.startsWith('/') ? `${publicUrl}${url}` : url)
const absoluteLinks = (publicUrl: string, html: string): string =>
  html.replace(/\b(src|href)="\/(?!\/)/g, `$1="${publicUrl}/`)

const button = (href: string, label: string) =>
  `<table role="presentation" cellpadding="0" cellspacing="0" style="margin:24px 0"><tr><td style="background:${TEAL};border-radius:8px">` +
  `<a href="${escapeHtml(href)}" style="display:inline-block;padding:12px 22px;color:#ffffff;font-weight:bold;text-decoration:none">${escapeHtml(label)}</a>` +
  `</td></tr></table>`

/** One table layout with inline styles: what Gmail, Outlook and Apple Mail all render the same way. */
function layout(frame: MailFrame, title: string, body: string): string {
  const footer = frame.unsubscribeUrl
    ? `You get this mail because you follow ${escapeHtml(frame.siteName)}. <a href="${escapeHtml(frame.unsubscribeUrl)}" style="color:#4b5563">Unsubscribe</a>`
    : escapeHtml(frame.siteName)
  return `<!doctype html><html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(title)}</title></head>
<body style="margin:0;padding:0;background:#f3f4f6;font-family:Arial,Helvetica,sans-serif;color:#111827">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f3f4f6"><tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="600" cellpadding="0" cellspacing="0" style="max-width:600px;width:100%;background:#ffffff;border-radius:12px">
<tr><td style="background:${TEAL};color:#ffffff;padding:16px 24px;font-size:20px;font-weight:bold;border-radius:12px 12px 0 0"><a href="${escapeHtml(frame.publicUrl)}/" style="color:#ffffff;text-decoration:none">${escapeHtml(frame.siteName)}</a></td></tr>
<tr><td style="padding:24px;font-size:16px;line-height:1.6">${body}</td></tr>
<tr><td style="padding:16px 24px;font-size:12px;color:#4b5563;border-top:1px solid #e5e7eb">${footer}</td></tr>
</table></td></tr></table></body></html>`
}

const textFooter = (frame: MailFrame) =>
  frame.unsubscribeUrl
    ? `\n\n--\nYou get this mail because you follow ${frame.siteName}.\nUnsubscribe: ${frame.unsubscribeUrl}\n`
    : ''

export function confirmationMail(frame: MailFrame, confirmUrl: string): RenderedMail {
  const subject = `Confirm your subscription to ${frame.siteName}`
  const intro = `Someone (we hope you) asked to get new stories from ${frame.siteName} by e-mail. Confirm with the button below; the link works for 7 days.`
  const ignore = 'If it was not you, ignore this mail: nothing will be sent.'
  return {
    subject,
    html: layout(
      { siteName: frame.siteName, publicUrl: frame.publicUrl },
      subject,
      `<p style="margin:0 0 12px">${escapeHtml(intro)}</p>${button(confirmUrl, 'Confirm subscription')}<p style="margin:0;color:#4b5563">${escapeHtml(ignore)}</p>`,
    ),
    text: `${intro}\n\nConfirm: ${confirmUrl}\n\n${ignore}\n`,
  }
}

export interface StoryForMail {
  title: string
  slug: string
  excerpt: string
  content: string
  featuredImage: string | null
  featuredImageAlt: string | null
}

export function storyMail(frame: MailFrame, story: StoryForMail, wholeStory: boolean, test = false): RenderedMail {
  const url = `${frame.publicUrl}/blog/${story.slug}`
  const cover = story.featuredImage
    ? `<img src="${escapeHtml(absolute(frame.publicUrl, story.featuredImage))}" alt="${escapeHtml(story.featuredImageAlt ?? '')}" width="552" style="display:block;width:100%;max-width:552px;height:auto;border-radius:8px;margin:0 0 16px">`
    : ''
  const body = wholeStory
    ? `<div>${absoluteLinks(frame.publicUrl, story.content)}</div>`
    : `<p style="margin:0">${escapeHtml(story.excerpt)}</p>`
  const subject = `${test ? '[Test] ' : ''}${story.title}`
  return {
    subject,
    html: layout(
      frame,
      story.title,
      `${cover}<h1 style="margin:0 0 12px;font-size:24px;line-height:1.3">${escapeHtml(story.title)}</h1>${body}${button(url, 'Read it on the site')}`,
    ),
    text: `${story.title}\n\n${wholeStory ? htmlToText(story.content) : story.excerpt}\n\nRead it on the site: ${url}${textFooter(frame)}`,
  }
}

export interface ContactForMail {
  name: string
  email: string
  subject: string
  message: string
}

export function contactMail(frame: MailFrame, message: ContactForMail): RenderedMail {
  const subject = `New message: ${message.subject}`
  const inbox = `${frame.publicUrl}/admin/messages`
  return {
    subject,
    html: layout(
      frame,
      subject,
      `<p style="margin:0 0 12px"><strong>${escapeHtml(message.name)}</strong> &lt;${escapeHtml(message.email)}&gt; wrote:</p><p style="margin:0;white-space:pre-wrap">${escapeHtml(message.message)}</p>${button(inbox, 'Open the inbox')}`,
    ),
    text: `${message.name} <${message.email}> wrote:\n\n${message.message}\n\nInbox: ${inbox}\n`,
  }
}
