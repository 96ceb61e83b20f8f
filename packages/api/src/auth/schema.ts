import { z } from 'zod'
import { text } from '../input-policy'

export const loginInput = z.object({
  email: text('Email').trim().min(1, 'Email and password are required').max(320),
  password: text('Password').min(1, 'Email and password are required').max(1024),
})
export type LoginInput = z.infer<typeof loginInput>

export const publicUser = z.object({
  id: z.number(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
})
export type PublicUser = z.infer<typeof publicUser>

export const loginOutput = z.object({ token: z.string(), user: publicUser })
export type LoginOutput = z.infer<typeof loginOutput>
