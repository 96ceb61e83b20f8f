import { staticPages, tripsPage } from '@wayfarer/api/schemas'

/** Header and footer navigation, in this order (docs/product.md, "Layout"). */
export const navLinks = [
  staticPages.home,
  staticPages.blog,
  tripsPage,
  staticPages.gallery,
  staticPages.map,
  staticPages.about,
  staticPages.contact,
].map((p) => ({ to: p.path, label: p.name }))

/** A path of the navigation, typed as the literal paths above (checked against the route tree where linked). */
export type NavPath = (typeof navLinks)[number]['to']

/** Home is current only on "/"; any other entry on its path and below it (a post is under Blog). */
export const isNavLinkActive = (to: string, pathname: string): boolean =>
  to === '/' ? pathname === '/' : pathname === to || pathname.startsWith(`${to}/`)
