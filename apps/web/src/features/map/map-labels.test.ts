import { describe, expect, it } from 'vitest'
import { placeLabels, type LabelCandidate } from './map-labels'

const country = (name: string, left: number, top: number, width: number, height: number): LabelCandidate => ({
  name,
  at: [left + width / 2, top + height / 2],
  bounds: [
    [left, top],
    [left + width, top + height],
  ],
})

describe('country labels', () => {
  it('names a country only where its name fits inside its shape', () => {
    const placed = placeLabels([country('Brazil', 0, 0, 300, 200), country('Luxembourg', 400, 0, 8, 10)])
    expect(placed).toEqual([{ name: 'Brazil', x: 150, y: 100 }])
  })

  it('names the larger of two countries whose labels would overlap', () => {
    const placed = placeLabels([country('Small', 90, 95, 60, 30), country('Largeland', 0, 0, 300, 200)])
    expect(placed.map((l) => l.name)).toEqual(['Largeland'])
  })

  it('names the smaller ones too once the zoom gives them room', () => {
    const placed = placeLabels([country('Portugal', 0, 0, 120, 200), country('Spain', 130, 0, 300, 200)])
    expect(placed.map((l) => l.name).sort()).toEqual(['Portugal', 'Spain'])
  })
})
