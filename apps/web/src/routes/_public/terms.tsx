import { createFileRoute } from '@tanstack/react-router'
import { staticPages } from '@wayfarer/api/schemas'
import { LegalPage } from '../../features/pages/legal-page'

export const Route = createFileRoute('/_public/terms')({
  component: () => (
    <LegalPage page={staticPages.terms}>
      <p>The stories, photographs and videos on this site are our own work. You are welcome to share links to them.</p>
      <p>Please do not republish our text or images without asking first.</p>
      <p>
        Comments are moderated before they appear. We remove anything abusive, off-topic or promotional. Travel advice
        here reflects our experience at the time of writing; check current conditions before you go.
      </p>
    </LegalPage>
  ),
})
