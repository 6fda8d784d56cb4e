import { z } from 'zod'

export const LoginSchema = z.object({
  email: z.string({ error: 'Email is required' }).trim().min(1, 'Email is required').email('Invalid email'),
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required'),
})

export const ChangePasswordSchema = z.object({
  currentPassword: z.string({ error: 'Current password is required' }).min(1, 'Current password is required'),
  newPassword: z.string({ error: 'New password is required' }).min(1, 'New password is required'),
})

export const ForgotPasswordSchema = z.object({
  email: z.string({ error: 'Email is required' }).trim().email('Invalid email'),
})

export const ResetPasswordSchema = z.object({
  token: z.string({ error: 'The reset link is invalid' }).min(10, 'The reset link is invalid'),
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required'),
})

/** A code of the authenticator app (six digits) or a recovery code (XXXX-XXXX-XXXX). */
export const SecondFactorSchema = z.object({
  code: z.string({ error: 'Enter the code' }).trim().min(1, 'Enter the code').max(20, 'Enter the code'),
})

/** A step-up in an open session; `redirectTo` where a page without JavaScript goes back to. */
export const StepUpSchema = SecondFactorSchema.extend({
  redirectTo: z.string().max(2000).optional(),
})

/** An agency's choice: its users must set up a second factor (`required`), or may. */
export const UsersSecondFactorSchema = z.object({
  required: z.boolean({ error: 'required must be true or false' }),
})
