import { router } from './trpc'
import { healthRouter } from './health/router'
import { authRouter } from './auth/router'
import { postsRouter } from './posts/router'
import { taxonomyRouter } from './taxonomy/router'
import { commentsRouter } from './comments/router'
import { contactRouter } from './contact/router'
import { galleryRouter } from './gallery/router'
import { aiRouter } from './ai/router'
import { settingsRouter } from './settings/router'
import { youtubeRouter } from './youtube/router'
import { dashboardRouter } from './dashboard/router'
import { placesRouter } from './places/router'
import { redirectsRouter } from './redirects/router'
import { transferRouter } from './transfer/router'
import { tripsRouter } from './trips/router'
import { newsletterRouter } from './newsletter/router'

export const appRouter = router({
  health: healthRouter,
  auth: authRouter,
  posts: postsRouter,
  taxonomy: taxonomyRouter,
  comments: commentsRouter,
  contact: contactRouter,
  gallery: galleryRouter,
  ai: aiRouter,
  settings: settingsRouter,
  youtube: youtubeRouter,
  dashboard: dashboardRouter,
  places: placesRouter,
  redirects: redirectsRouter,
  transfer: transferRouter,
  trips: tripsRouter,
  newsletter: newsletterRouter,
})

export type AppRouter = typeof appRouter
