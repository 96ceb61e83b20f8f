import { describe, expect, it } from 'vitest'
import { boxOf, panBy, project, tilesInView, toScreen, unproject, viewAround } from './mercator'

describe('map projection', () => {
  it('puts the map origin, the antimeridian and the poles limit where Web Mercator does', () => {
    expect(project(0, 0, 0)).toEqual([128, 128])
    expect(project(-180, 0, 1)[0]).toBe(0)
    expect(project(180, 0, 1)[0]).toBe(512)
    expect(project(0, 85.05112878, 0)[1]).toBeCloseTo(0, 3)
  })

  it('unprojects what it projects', () => {
    const [x, y] = project(84.0, 28.6, 7)
    const [longitude, latitude] = unproject(x, y, 7)
    expect(longitude).toBeCloseTo(84.0, 6)
    expect(latitude).toBeCloseTo(28.6, 6)
  })

  it('draws the centre of a view in the middle of the screen, and a drag moves the world with the pointer', () => {
    const view = { longitude: 10, latitude: 45, zoom: 4 }
    expect(toScreen(view, 800, 500, 10, 45)).toEqual([400, 250])
    const moved = panBy(view, 100, 0)
    expect(toScreen(moved, 800, 500, 10, 45)[0]).toBeCloseTo(500, 6)
  })

  it('gives the box a view shows, clamped to the world', () => {
    expect(boxOf({ longitude: 0, latitude: 0, zoom: 1 }, 2000, 2000)).toEqual([-180, -85.05, 180, 85.05])
    const [west, south, east, north] = boxOf({ longitude: 84, latitude: 28, zoom: 6 }, 800, 500)
    expect(west).toBeLessThan(84)
    expect(east).toBeGreaterThan(84)
    expect(south).toBeLessThan(28)
    expect(north).toBeGreaterThan(28)
  })

  it('zooms to fit a country, and not beyond the zoom it is given', () => {
    const nepal = viewAround([80, 26.3, 88.2, 30.4], 800, 500)
    expect(nepal.zoom).toBe(6)
    expect(nepal.longitude).toBeCloseTo(84.1, 1)
    expect(viewAround([84, 28, 84, 28], 800, 500, 10).zoom).toBe(10)
  })

  it('covers a view with the raster tiles under it, wrapping around the antimeridian and not past the poles', () => {
    // Zoom 1: the world is 2 × 2 tiles of 256 px; a 512 × 512 view centred on 0,0 sees exactly those four.
    const world = tilesInView({ longitude: 0, latitude: 0, zoom: 1 }, 512, 512)
    expect(world.map(({ x, y, left, top }) => [x, y, left, top])).toEqual([
      [0, 0, 0, 0],
      [1, 0, 256, 0],
      [0, 1, 0, 256],
      [1, 1, 256, 256],
    ])
    // Centred on the antimeridian at zoom 2, the tiles left of it are the world's last column.
    const pacific = tilesInView({ longitude: 180, latitude: 0, zoom: 2 }, 300, 200)
    expect(new Set(pacific.map((t) => t.x))).toEqual(new Set([3, 0]))
    expect(pacific.every((t) => t.z === 2 && t.y >= 1 && t.y <= 2)).toBe(true)
    // A tall view at zoom 1 has no rows above the top or below the bottom of the world.
    expect(tilesInView({ longitude: 0, latitude: 0, zoom: 1 }, 256, 2000).every((t) => t.y >= 0 && t.y <= 1)).toBe(true)
  })
})
