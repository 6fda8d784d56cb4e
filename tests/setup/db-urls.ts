/** Tests never touch the development database: they make their own on the server of TEST_DATABASE_URL. */
export const adminUrl = () => process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'

export function dbUrl(name: string) {
  const u = new URL(adminUrl())
  u.pathname = `/${name}`
  return u.toString()
}

/** One id per test run, so runs started side by side never share or drop each other's databases. */
export const RUN_ID = `${process.pid.toString(36)}${Date.now().toString(36)}`
