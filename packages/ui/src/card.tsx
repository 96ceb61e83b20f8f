import type { HTMLAttributes } from 'react'
import { cx } from './class-names'

export function Card({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return <div className={cx('rounded-xl border border-gray-200 bg-white shadow-sm', className)} {...props} />
}
