import type { ReactNode } from 'react'
import { Button } from './button'
import { Card } from './card'

/** What a visitor sees once a form went through: the confirmation (announced), and a button to write another. */
export function SentNotice({ children, again, onAgain }: { children: ReactNode; again: string; onAgain: () => void }) {
  return (
    <Card className="border-teal-200 bg-teal-50 p-6 text-center sm:p-8" role="status">
      {children}
      <Button variant="secondary" className="mt-6" onClick={onAgain}>
        {again}
      </Button>
    </Card>
  )
}
