/** Default decimal places kept of a stored point: 2 ≈ 1.1 km north–south, so no photo pins a home address. */
export const DEFAULT_LOCATION_PRECISION = 2

/** Rounds a coordinate to `decimals` places (the LOCATION_PRECISION setting). */
export const roundCoordinate = (value: number, decimals: number): number => {
  const factor = 10 ** decimals
  // + 0 turns -0 into 0, so a rounded point never prints as "-0".
  return Math.round(value * factor) / factor + 0
}
