import { createFileRoute } from '@tanstack/react-router'
import { AdminGalleryScreen } from '../../features/admin/gallery/admin-gallery-screen'
import { gallerySettingsQuery, publishedRecordsQuery } from '../../features/admin/gallery/queries'
import { settled } from '../../lib/preload'
import { optionalText, z } from '../../lib/search-params'

// The open folder lives in the URL; without it the manager opens the configured default folder.
const searchSchema = z.object({ folder: optionalText(200) })

export const Route = createFileRoute('/admin/gallery')({
  validateSearch: searchSchema,
  // The image host itself is not asked ahead of time: it rate-limits, and only the open screen should spend that.
  loader: ({ context: { queryClient } }) =>
    settled(queryClient.ensureQueryData(gallerySettingsQuery()), queryClient.ensureQueryData(publishedRecordsQuery())),
  component: AdminGalleryRoute,
})

function AdminGalleryRoute() {
  const { folder } = Route.useSearch()
  const navigate = Route.useNavigate()
  return <AdminGalleryScreen folder={folder} onFolder={(next) => void navigate({ search: { folder: next } })} />
}
