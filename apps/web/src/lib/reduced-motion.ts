/** Whether the visitor asked for less motion (system setting): no autoplay, no smooth scrolling. */
export const prefersReducedMotion = (): boolean =>
  typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches === true
