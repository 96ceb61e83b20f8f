import { createFileRoute } from '@tanstack/react-router'
import { staticPages } from '@wayfarer/api/schemas'
import { LegalPage } from '../../features/pages/legal-page'

export const Route = createFileRoute('/_public/privacy')({
  component: () => (
    <LegalPage page={staticPages.privacy}>
      <p>We collect as little as we can. Reading this blog needs no account and sets no tracking cookies.</p>
      <p>
        When you leave a comment we store your name, e-mail address, optional website and the comment itself so we can
        moderate and publish it. Your e-mail address is never shown publicly. When you write to us through the contact
        form we keep your message only to answer it.
      </p>
      <p>
        To protect the site from abuse we keep a one-way hash of your network address for a short time, never the
        address itself.
      </p>
      <p>Ask us at any time to see or delete what we hold about you.</p>
    </LegalPage>
  ),
})
