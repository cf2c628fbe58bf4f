/**
 * How many rounds a repeated test runs (kill -9 rounds, generated requests per route): `quick` in
 * `npm test` (both of CI's passes), `soak` in `npm run soak` (SOAK=1), where the long rounds run
 * outside CI (docs/testing.md, "Outside CI"); the variable `name` sets any other count.
 */
export function rounds(name: string, quick: number, soak: number): number {
  return Number(process.env[name] ?? (process.env.SOAK ? soak : quick));
}
