import { describe, expect, it } from 'vitest'
import { adminNavEntries, isNavEntryActive } from './admin-nav'

const activeFor = (pathname: string) => adminNavEntries.filter((e) => isNavEntryActive(e, pathname)).map((e) => e.label)

describe('admin sidebar active rules', () => {
  it('lists the screens in order', () => {
    expect(adminNavEntries.map((e) => [e.label, e.to])).toEqual([
      ['Dashboard', '/admin'],
      ['Posts', '/admin/posts'],
      ['Trips', '/admin/trips'],
      ['Gallery', '/admin/gallery'],
      ['Comments', '/admin/comments'],
      ['Messages', '/admin/messages'],
      ['Subscribers', '/admin/subscribers'],
      ['Settings', '/admin/settings'],
    ])
  })
  it('marks Dashboard on the exact path only', () => {
    expect(activeFor('/admin')).toEqual(['Dashboard'])
    expect(activeFor('/admin/')).toEqual(['Dashboard'])
  })
  it('marks the other entries on any path below them', () => {
    expect(activeFor('/admin/posts')).toEqual(['Posts'])
    expect(activeFor('/admin/posts/edit/7')).toEqual(['Posts'])
    expect(activeFor('/admin/settings')).toEqual(['Settings'])
    expect(activeFor('/admin/postscript')).toEqual([])
  })
})
