import { z } from 'zod'
import { text } from '../input-policy'
import { publicUser } from './public-user'

export const loginInput = z.object({
  email: text('Email').trim().min(1, 'Email and password are required').max(320),
  password: text('Password').min(1, 'Email and password are required').max(1024),
})
export type LoginInput = z.infer<typeof loginInput>

export { publicUser, type PublicUser } from './public-user'

export const loginOutput = z.object({ token: z.string(), user: publicUser })
export type LoginOutput = z.infer<typeof loginOutput>
