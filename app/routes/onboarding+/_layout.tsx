import { Outlet } from '@remix-run/react'

/** Presentational frame of the onboarding wizard; each step guards itself. */
export default function OnboardingLayout() {
  return <Outlet />
}
