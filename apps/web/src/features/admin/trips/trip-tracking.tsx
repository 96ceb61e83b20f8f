import { useState, type FormEvent } from 'react'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { AdminTrack, TrackZone } from '@wayfarer/api/schemas'
import { Button, Card, ConfirmButton, QueryView, Skeleton } from '@wayfarer/ui'
import { formatDateTime } from '../../../lib/dates'
import { trpc } from '../../../lib/trpc'
import { toUserMessage } from '../../../lib/user-message'
import { describedBy, inputClass, TripFieldBox } from './trip-fields'

/** Asks the browser where the device is (the owner allows it once per site). */
function currentPosition(): Promise<GeolocationPosition> {
  return new Promise((resolve, reject) => {
    if (!('geolocation' in navigator)) return reject(new Error('This browser cannot tell where it is.'))
    navigator.geolocation.getCurrentPosition(
      resolve,
      () => reject(new Error('The location is not available: allow it for this site and try again.')),
      {
        enableHighAccuracy: true,
        timeout: 20_000,
      },
    )
  })
}

/** Live tracking in the trip editor (docs/trips.md, "Live"): check in, the tracking app's link, delay, pause, zones. */
export function TripTracking({ tripId }: { tripId: number }) {
  const track = useQuery(trpc.trips.track.queryOptions({ id: tripId }, { staleTime: 0 }))
  return (
    <Card className="p-6">
      <h3 className="text-lg font-bold text-gray-900">Live tracking</h3>
      <QueryView
        query={track}
        loading={<Skeleton className="mt-3 h-40 w-full" />}
        failed="Tracking could not be loaded."
      >
        {(data) => (
          <div className="mt-3 space-y-6">
            <CheckIn tripId={tripId} />
            <TrackingLink track={data} />
            <TrackSettings key={data.trip_id} track={data} />
            <RecentPoints track={data} />
          </div>
        )}
      </QueryView>
    </Card>
  )
}

function useTrackUpdated() {
  const queryClient = useQueryClient()
  return (data: AdminTrack) => {
    queryClient.setQueryData(trpc.trips.track.queryKey({ id: data.trip_id }), data)
  }
}

function CheckIn({ tripId }: { tripId: number }) {
  const [note, setNote] = useState('')
  const [status, setStatus] = useState('')
  const [locating, setLocating] = useState(false)
  const updated = useTrackUpdated()
  const checkIn = useMutation(trpc.trips.checkIn.mutationOptions({ onSuccess: updated }))
  const submit = async (e: FormEvent) => {
    e.preventDefault()
    setLocating(true)
    setStatus('Finding where you are…')
    try {
      const { coords } = await currentPosition()
      await checkIn.mutateAsync({
        trip_id: tripId,
        latitude: coords.latitude,
        longitude: coords.longitude,
        accuracy_m: Math.round(coords.accuracy),
        note,
      })
      setNote('')
      setStatus('Checked in. Visitors see it once the delay has passed.')
    } catch (err) {
      setStatus(toUserMessage(err, 'The check-in failed. Please try again.'))
    } finally {
      setLocating(false)
    }
  }
  return (
    <form onSubmit={(e) => void submit(e)} className="space-y-3" aria-labelledby="check-in-heading">
      <h4 id="check-in-heading" className="font-semibold text-gray-900">
        Check in
      </h4>
      <TripFieldBox id="check-in-note" label="Note (optional)" error={undefined}>
        <input
          {...describedBy('check-in-note', undefined)}
          value={note}
          maxLength={500}
          onChange={(e) => setNote(e.target.value)}
          className={inputClass}
        />
      </TripFieldBox>
      <Button type="submit" disabled={locating || checkIn.isPending} className="w-full sm:w-auto">
        {locating ? 'Checking in…' : 'Check in here'}
      </Button>
      <p role="status" className="text-sm text-gray-700" data-testid="check-in-status">
        {status}
      </p>
    </form>
  )
}

function TrackingLink({ track }: { track: AdminTrack }) {
  const [made, setMade] = useState<{ url: string; username: string; token: string } | null>(null)
  const [error, setError] = useState('')
  const queryClient = useQueryClient()
  const updated = useTrackUpdated()
  const make = useMutation(trpc.trips.newTrackToken.mutationOptions())
  const revoke = useMutation(trpc.trips.revokeTrackToken.mutationOptions({ onSuccess: updated }))
  const onMake = async () => {
    try {
      setMade(await make.mutateAsync({ id: track.trip_id }))
      await queryClient.invalidateQueries(trpc.trips.track.queryFilter({ id: track.trip_id }))
    } catch (err) {
      setError(toUserMessage(err, 'No link could be made. Please try again.'))
    }
  }
  return (
    <section aria-labelledby="tracking-link-heading" className="space-y-2">
      <h4 id="tracking-link-heading" className="font-semibold text-gray-900">
        Tracking app (OwnTracks)
      </h4>
      <p className="text-sm text-gray-700">
        {track.token_created_at
          ? `A link is active since ${formatDateTime(track.token_created_at)}.`
          : 'No link yet: the tracking app cannot send points.'}
      </p>
      {made && <NewLink made={made} />}
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" onClick={() => void onMake()} disabled={make.isPending}>
          {track.token_created_at ? 'Make a new link' : 'Make a link'}
        </Button>
        {track.token_created_at && (
          <ConfirmButton
            variant="danger"
            confirm="Revoke the link? The tracking app's points are refused until you make a new one."
            onConfirm={() => {
              setMade(null)
              revoke.mutate({ id: track.trip_id })
            }}
          >
            Revoke
          </ConfirmButton>
        )}
      </div>
      {error && <p className="text-sm text-red-700">{error}</p>}
    </section>
  )
}

function NewLink({ made }: { made: { url: string; username: string; token: string } }) {
  return (
    <div className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-gray-900">
      <p className="font-medium">Shown only now: paste it into OwnTracks (Settings → Connection → HTTP, URL).</p>
      <label htmlFor="tracking-url" className="mt-2 block text-gray-700">
        URL with the token
      </label>
      <input
        id="tracking-url"
        readOnly
        value={made.url}
        onFocus={(e) => e.target.select()}
        className={inputClass}
        data-testid="tracking-url"
      />
      <p className="mt-1 text-gray-700">
        Or user name <code>{made.username}</code> and the token as the password.
      </p>
    </div>
  )
}

type ZoneDraft = { name: string; latitude: string; longitude: string; radius_m: string }
const emptyZone: ZoneDraft = { name: '', latitude: '', longitude: '', radius_m: '1000' }

function TrackSettings({ track }: { track: AdminTrack }) {
  const [hours, setHours] = useState(String(track.delay_minutes / 60))
  const [paused, setPaused] = useState(track.paused)
  const [zones, setZones] = useState<TrackZone[]>(track.zones)
  const [message, setMessage] = useState('')
  const updated = useTrackUpdated()
  const save = useMutation(trpc.trips.updateTrack.mutationOptions({ onSuccess: updated }))
  const submit = async (e: FormEvent) => {
    e.preventDefault()
    const minutes = Math.round(Number(hours) * 60)
    if (!Number.isFinite(minutes) || minutes < 0) return setMessage('The delay must be a number of hours from 0')
    try {
      await save.mutateAsync({ trip_id: track.trip_id, delay_minutes: minutes, paused, zones })
      setMessage('Saved.')
    } catch (err) {
      setMessage(toUserMessage(err, 'The settings could not be saved. Please try again.'))
    }
  }
  return (
    <form onSubmit={(e) => void submit(e)} className="space-y-3" aria-labelledby="track-settings-heading">
      <h4 id="track-settings-heading" className="font-semibold text-gray-900">
        What visitors see
      </h4>
      <TripFieldBox id="track-delay" label="Delay before points go public (hours)" error={undefined}>
        <input
          {...describedBy('track-delay', undefined)}
          type="number"
          min={0}
          step="0.5"
          value={hours}
          onChange={(e) => setHours(e.target.value)}
          className={inputClass}
        />
      </TripFieldBox>
      <label className="flex items-center gap-2 text-sm text-gray-800">
        <input type="checkbox" checked={paused} onChange={(e) => setPaused(e.target.checked)} className="h-4 w-4" />
        Pause sharing (points that arrive meanwhile never go public)
      </label>
      <ZoneList zones={zones} onChange={setZones} />
      <Button type="submit" disabled={save.isPending}>
        Save tracking settings
      </Button>
      <p role="status" className="text-sm text-gray-700">
        {message}
      </p>
    </form>
  )
}

function ZoneList({ zones, onChange }: { zones: TrackZone[]; onChange: (zones: TrackZone[]) => void }) {
  const [draft, setDraft] = useState<ZoneDraft>(emptyZone)
  const [error, setError] = useState('')
  const add = () => {
    const zone = {
      name: draft.name.trim(),
      latitude: Number(draft.latitude),
      longitude: Number(draft.longitude),
      radius_m: Math.round(Number(draft.radius_m)),
    }
    const valid =
      draft.latitude !== '' &&
      draft.longitude !== '' &&
      Math.abs(zone.latitude) <= 90 &&
      Math.abs(zone.longitude) <= 180 &&
      zone.radius_m >= 50 &&
      zone.radius_m <= 100_000
    if (!valid) return setError('A zone needs a latitude, a longitude and a radius from 50 m to 100 km')
    setError('')
    onChange([...zones, zone])
    setDraft(emptyZone)
  }
  const here = async () => {
    try {
      const { coords } = await currentPosition()
      setDraft({ ...draft, latitude: coords.latitude.toFixed(5), longitude: coords.longitude.toFixed(5) })
    } catch (err) {
      setError(err instanceof Error ? err.message : 'The location is not available')
    }
  }
  return (
    <fieldset className="space-y-2 rounded-lg border border-gray-200 p-3">
      <legend className="px-1 text-sm font-medium text-gray-800">Private zones (never shown, e.g. home)</legend>
      <ul className="space-y-1 text-sm" aria-label="Private zones">
        {zones.map((z, i) => (
          <li key={`${z.latitude},${z.longitude},${i}`} className="flex items-center justify-between gap-2">
            <span>
              {z.name || 'Zone'}: {z.radius_m.toLocaleString('en-US')} m around {z.latitude}, {z.longitude}
            </span>
            <Button size="sm" variant="ghost" onClick={() => onChange(zones.filter((_, j) => j !== i))}>
              Remove<span className="sr-only"> {z.name || 'zone'}</span>
            </Button>
          </li>
        ))}
      </ul>
      <ZoneDraftFields draft={draft} setDraft={setDraft} />
      <div className="flex flex-wrap gap-2">
        <Button size="sm" variant="secondary" onClick={() => void here()}>
          Use my location
        </Button>
        <Button size="sm" variant="secondary" onClick={add}>
          Add zone
        </Button>
      </div>
      {error && <p className="text-sm text-red-700">{error}</p>}
    </fieldset>
  )
}

function ZoneDraftFields({ draft, setDraft }: { draft: ZoneDraft; setDraft: (d: ZoneDraft) => void }) {
  const fields: [keyof ZoneDraft, string][] = [
    ['name', 'Name'],
    ['latitude', 'Latitude'],
    ['longitude', 'Longitude'],
    ['radius_m', 'Radius (m)'],
  ]
  return (
    <div className="grid grid-cols-2 gap-2">
      {fields.map(([key, label]) => (
        <div key={key}>
          <label htmlFor={`zone-${key}`} className="block text-xs font-medium text-gray-700">
            {label}
          </label>
          <input
            id={`zone-${key}`}
            inputMode={key === 'name' ? 'text' : 'decimal'}
            value={draft[key]}
            onChange={(e) => setDraft({ ...draft, [key]: e.target.value })}
            className={inputClass}
          />
        </div>
      ))}
    </div>
  )
}

const reasons = { paused: 'sent while paused', too_fast: 'too far from the previous point too fast' } as const

function RecentPoints({ track }: { track: AdminTrack }) {
  if (!track.points.length) return <p className="text-sm text-gray-600">No points yet.</p>
  return (
    <section aria-labelledby="recent-points-heading">
      <h4 id="recent-points-heading" className="font-semibold text-gray-900">
        Latest points ({track.point_count.toLocaleString('en-US')} in all)
      </h4>
      <ol className="mt-2 divide-y divide-gray-200 text-sm" data-testid="track-points">
        {track.points.slice(0, 10).map((p) => (
          <li key={p.id} className="py-1.5">
            <span className="font-medium">{formatDateTime(p.recorded_at)}</span> · {p.latitude.toFixed(4)},{' '}
            {p.longitude.toFixed(4)} · {p.source === 'checkin' ? 'check-in' : p.source}
            {p.note && ` · “${p.note}”`}
            <span className="block text-gray-600">
              {p.hidden_reason
                ? `Kept private: ${reasons[p.hidden_reason]}`
                : p.in_zone
                  ? 'Kept private: inside a private zone'
                  : `Public from ${formatDateTime(p.public_at!)}`}
            </span>
          </li>
        ))}
      </ol>
    </section>
  )
}
