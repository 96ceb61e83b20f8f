// Dates as the whole site writes them ('Nov 24, 2026'), in the visitor's time zone, with the browser's own
// Intl: no date library in the public pages' first load.

const dayFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: '2-digit', year: 'numeric' })
const monthDayFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: '2-digit' })
const timeFormat = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit', hour12: true })

const toDate = (value: string | Date) => (typeof value === 'string' ? new Date(value) : value)

/** 'Mar 05, 2026' */
export const formatDate = (value: string | Date): string => dayFormat.format(toDate(value))
/** 'Mar 05' */
export const formatMonthDay = (value: string | Date): string => monthDayFormat.format(toDate(value))
/** '3:07 PM' (some ICU versions put a narrow no-break space before PM; the site writes a plain one) */
export const formatTime = (value: string | Date): string => timeFormat.format(toDate(value)).replace(/\u202f/g, ' ')
/** 'Mar 05, 2026 3:07 PM' */
export const formatDateTime = (value: string | Date): string => `${formatDate(value)} ${formatTime(value)}`
