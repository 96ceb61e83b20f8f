import { Badge } from '@wayfarer/ui'

// Published green, draft yellow, scheduled blue, archived or anything else grey.
const tones: Record<string, string> = {
  published: 'bg-green-100 text-green-800',
  draft: 'bg-yellow-100 text-yellow-800',
  scheduled: 'bg-blue-100 text-blue-800',
}

export function StatusBadge({ status }: { status: string }) {
  return (
    <Badge className={tones[status] ?? 'bg-gray-100 text-gray-700'}>
      {status.charAt(0).toUpperCase() + status.slice(1)}
    </Badge>
  )
}
